import { adminToken, call, type RunningServer } from '../../e2e/support/server.js';

/** Sets up a shop for the commerce loads through the real API, like a merchant would. */
export class ShopSetup {
  private token = '';
  constructor(private readonly server: RunningServer) {}

  async admin(url: string, body: Record<string, string> = {}) {
    this.token ||= await adminToken(this.server);
    const res = await call(this.server, `/${this.server.adminPath}${url}`, body, this.token);
    if (res.code !== 1000) throw new Error(`${url} answered ${res.code} ${res.msg}`);
    return res.data as Record<string, unknown>;
  }

  async directory(name: string): Promise<number> {
    return Number((await this.admin('/catalog/saveDir', { name, sort: '0', visible: '1' })).id);
  }

  async goods(dirId: number, name: string, price: string, extra: Record<string, string> = {}): Promise<number> {
    const levels = (await this.admin('/catalog/levels')) as unknown as Array<{ id: number }>;
    const levelPrices = JSON.stringify(
      levels.map((l, i) => ({ levelId: l.id, price: (Number(price) * (1 - i * 0.05)).toFixed(2) })),
    );
    const res = await this.admin('/catalog/saveGoods', {
      dirId: String(dirId),
      name,
      type: 'card',
      faceValue: price,
      price,
      levelPrices,
      visitorAllowed: '1',
      maxQuantity: '100',
      ...extra,
    });
    return Number(res.id);
  }

  /** Imports `count` cards in batches of at most 100,000 lines (the per-batch limit). */
  async cards(goodsId: number, count: number, prefix: string): Promise<void> {
    for (let start = 0; start < count; start += 100_000) {
      const n = Math.min(100_000, count - start);
      const text = Array.from({ length: n }, (_, i) => `${prefix}${start + i}----P${(start + i) * 7919}`).join('\n');
      await this.admin('/stock/import', { goodsId: String(goodsId), text });
    }
  }

  async openRegistration(): Promise<void> {
    await this.admin('/settings/security', {
      captchaAfter: '3',
      lockAfter: '10',
      lockMinutes: '15',
      registerCaptcha: '0',
    });
  }

  /** Registers a member and credits its balance through the admin adjustment. */
  private members = 0;
  async member(loginName: string, balanceYuan: string): Promise<string> {
    // Each member registers from its own address (servers here trust X-Forwarded-For).
    const n = ++this.members;
    const reg = await call(this.server, '/user/register', { loginName, password: 'bench12345' }, undefined, {
      'x-forwarded-for': `10.200.${n >> 8}.${n & 255}`,
    });
    if (reg.code !== 1000) throw new Error(`register ${loginName}: ${reg.code} ${reg.msg}`);
    const found = (await this.admin('/members/list', { keyword: loginName, page: '1', pageSize: '100' })) as {
      list: Array<{ id: number; loginName: string }>;
    };
    const id = found.list.find((m) => m.loginName === loginName)?.id;
    if (Number(balanceYuan) !== 0)
      await this.admin('/funds/adjust', { userId: String(id), amount: balanceYuan, reason: '压测充值' });
    return String(reg.data?.authCode);
  }
}
