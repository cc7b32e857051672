import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamError, type UpstreamEndpoint } from '../../src/modules/docking/driver.js';
import {
  acgFakaDriver,
  acgFakaSignature,
  acgMoneyToFen,
  parseAcgIni,
} from '../../src/modules/docking/drivers/acg-faka.js';
import { FakeAcgFakaServer, phpGenerateSignature } from '../fakes/acg-faka-server.js';

describe('acg-faka signature (Str::generateSignature)', () => {
  // Vectors computed by hand from the PHP algorithm: the hashed text is written out, then md5'd.
  it('matches hand-computed vectors', () => {
    // "app_id=7&key=abc"
    expect(acgFakaSignature({ app_id: '7' }, 'abc')).toBe('42b4d3135bcecc54919c13240d79f4d4');
    // "app_id=1001&contact=a b+c&num=2&shared_code=ABCD&key=k3y xA": race '' dropped, sign ignored,
    // keys sorted, the key urldecoded (+ → space, %41 → A).
    expect(
      acgFakaSignature(
        { shared_code: 'ABCD', race: '', num: '2', contact: 'a b+c', app_id: '1001', sign: 'x' },
        'k3y+x%41',
      ),
    ).toBe('ffef7b54d1937ff9313a8d7ed9ae1ef2');
    // "app_id=12&race=月卡&sharedCode=X1&key=Kk"
    expect(acgFakaSignature({ sharedCode: 'X1', race: '月卡', app_id: '12' }, 'Kk')).toBe(
      '9bd243ad4d17ff404236174af849ef11',
    );
  });

  it('agrees with the fake server, which encodes then decodes like PHP', () => {
    const data = { app_id: '3', contact: 'x&y=z %20 ~!*()', race: '周卡 A', num: '10', sharedCode: 'Q' };
    expect(acgFakaSignature(data, 'key+1%2B')).toBe(phpGenerateSignature(data, 'key+1%2B'));
  });
});

describe('acg-faka money and config', () => {
  it('parses yuan to fen exactly', () => {
    expect(acgMoneyToFen('12.30')).toBe(1230);
    expect(acgMoneyToFen(12.3)).toBe(1230);
    expect(acgMoneyToFen(0.1 + 0.2)).toBe(30);
    expect(acgMoneyToFen(12.299999999999999)).toBe(1230);
    expect(acgMoneyToFen('19.999')).toBe(2000);
    expect(acgMoneyToFen('7')).toBe(700);
    expect(acgMoneyToFen(1e-7)).toBe(0);
    expect(acgMoneyToFen(1234567.89)).toBe(123456789);
    expect(acgMoneyToFen('abc')).toBeNull();
    expect(acgMoneyToFen(null)).toBeNull();
  });
  it('reads acg-faka INI configs', () => {
    expect(parseAcgIni('[category]\n月卡=10.00\n周卡=3.00\n[category_factory]\n月卡=8.5\n')).toEqual({
      category: { 月卡: '10.00', 周卡: '3.00' },
      category_factory: { 月卡: '8.5' },
    });
  });
});

describe('acg-faka driver against a fake acg-faka shop', () => {
  const fake = new FakeAcgFakaServer();
  let endpoint: UpstreamEndpoint;
  const err = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      expect(e).toBeInstanceOf(UpstreamError);
      return e as UpstreamError;
    }
    throw new Error('expected an UpstreamError');
  };

  beforeAll(async () => {
    const base = await fake.start();
    endpoint = {
      baseUrl: `${base}/`,
      appId: '1001',
      secret: 'S3cret+key',
      trusted: false,
      hosts: 'any',
      timeoutMs: 1500,
    };
    fake.addUser(1001, 'S3cret+key', '500.00');
    fake.addGoods({
      id: 1,
      code: 'CARD01',
      name: '<b>游戏月卡</b>',
      categoryName: '游戏',
      price: '15.00',
      factoryPrice: '12.30',
    });
    fake.addCards(1, ['AAA----111', 'BBB----222', 'CCC----333', 'DDD', 'EEE']);
    fake.addGoods({
      id: 2,
      code: 'RACE02',
      name: '会员',
      categoryName: '影音',
      price: '30.00',
      factoryPrice: '0',
      races: { 月卡: '20.10', 年卡: '99.99' },
    });
    fake.addCards(2, ['M1', 'M2'], '月卡');
    fake.addCards(2, ['Y1'], '年卡');
    fake.addGoods({
      id: 3,
      code: 'MAN03',
      name: '代充',
      categoryName: '游戏',
      price: '5.00',
      factoryPrice: '4.00',
      deliveryWay: 1,
      widget: [
        {
          cn: '充值账号',
          name: 'account',
          placeholder: '',
          type: 'text',
          regex: '^\\d{5,}$',
          error: '账号格式不正确',
          dict: '',
        },
      ],
    });
    fake.addGoods({
      id: 4,
      code: 'HIDDEN',
      name: '未开放',
      categoryName: '游戏',
      price: '1',
      factoryPrice: '1',
      apiStatus: 0,
    });
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.mode = 'ok';
  });

  it('account: shop name and balance in fen; the app key never goes over the wire', async () => {
    expect(await acgFakaDriver.account(endpoint)).toEqual({ balance: 50000, name: '测试异次元店铺' });
    const last = fake.requests.at(-1)!;
    expect(last.path).toBe('/shared/authentication/connect');
    expect(Object.keys(last.form).sort()).toEqual(['app_id', 'sign']);
    expect(JSON.stringify(fake.requests)).not.toContain('S3cret');
  });

  it('wrong key or app id: refused, not retried', async () => {
    let e = await err(acgFakaDriver.account({ ...endpoint, secret: 'wrong' }));
    expect(e.options).toMatchObject({ kind: 'refused', retry: false });
    expect(e.message).toContain('密钥错误');
    e = await err(acgFakaDriver.account({ ...endpoint, appId: '9' }));
    expect(e.message).toContain('商户ID不存在');
  });

  it('lists goods: one per 种类, costs in fen, manual goods with their fields, closed ones left out', async () => {
    const list = await acgFakaDriver.listGoods(endpoint);
    expect(list.map((g) => g.ref).sort()).toEqual(['CARD01', 'MAN03', 'RACE02|年卡', 'RACE02|月卡']);
    const card = list.find((g) => g.ref === 'CARD01')!;
    expect(card).toMatchObject({
      name: '游戏月卡',
      category: '游戏',
      kind: 'card',
      price: 1230,
      onSale: true,
      stock: null,
      minQuantity: 1,
      images: [`${endpoint.baseUrl.replace(/\/$/, '')}/assets/static/images/empty.png`],
    });
    expect(list.find((g) => g.ref === 'RACE02|年卡')!.price).toBe(9999);
    expect(list.find((g) => g.ref === 'MAN03')).toMatchObject({
      kind: 'recharge',
      price: 400,
      fields: [{ name: 'account', label: '充值账号', required: true }],
    });
  });

  it('one goods, fresh: stock and cost of the 种类', async () => {
    expect(await acgFakaDriver.goods(endpoint, 'CARD01')).toMatchObject({ stock: 5, price: 1230 });
    expect(await acgFakaDriver.goods(endpoint, 'RACE02|月卡')).toMatchObject({ stock: 2, price: 2010 });
    const e = await err(acgFakaDriver.goods(endpoint, 'HIDDEN'));
    expect(e.options.retry).toBe(false);
  });

  it('places an order: cards delivered, charged in fen, request_no is our number; the same number twice is refused', async () => {
    const order = await acgFakaDriver.placeOrder(endpoint, {
      goodsRef: 'CARD01',
      quantity: 2,
      outerNumber: 'P20261127000001',
      maxUnitPrice: 1230,
      fields: [],
    });
    expect(order).toEqual({
      upstreamOrderNo: expect.stringMatching(/^\d+$/),
      state: 'delivered',
      cards: ['AAA----111', 'BBB----222'],
      charged: 2460,
      message: '',
    });
    const trade = fake.requests.filter((r) => r.path === '/shared/commodity/trade').at(-1)!;
    expect(trade.form).toMatchObject({ shared_code: 'CARD01', num: '2', request_no: 'P20261127000001' });
    expect(fake.users.get(1001)!.balance).toBe(475.4);

    const again = await err(
      acgFakaDriver.placeOrder(endpoint, {
        goodsRef: 'CARD01',
        quantity: 1,
        outerNumber: 'P20261127000001',
        maxUnitPrice: 1230,
        fields: [],
      }),
    );
    expect(again.options).toMatchObject({ kind: 'refused', retry: false });
    expect(again.message).toContain('切勿重复下单');
    expect(fake.orders).toHaveLength(1);

    const q = await acgFakaDriver.queryOrder(endpoint, {
      outerNumber: 'P20261127000001',
      upstreamOrderNo: order.upstreamOrderNo,
    });
    expect(q).toMatchObject({ state: 'delivered', cards: ['AAA----111', 'BBB----222'] });
    expect(await acgFakaDriver.queryOrder(endpoint, { outerNumber: 'x', upstreamOrderNo: '123' })).toBeNull();
    expect(await acgFakaDriver.queryOrder(endpoint, { outerNumber: 'x', upstreamOrderNo: '' })).toBeNull();
  });

  it('a 种类 order, a manual order with its field, and a price above our bound', async () => {
    const race = await acgFakaDriver.placeOrder(endpoint, {
      goodsRef: 'RACE02|年卡',
      quantity: 1,
      outerNumber: 'P2',
      maxUnitPrice: 9999,
      fields: [],
    });
    expect(race).toMatchObject({ state: 'delivered', cards: ['Y1'], charged: 9999 });

    const manual = await acgFakaDriver.placeOrder(endpoint, {
      goodsRef: 'MAN03',
      quantity: 1,
      outerNumber: 'P3',
      maxUnitPrice: 400,
      fields: [{ name: 'account', value: '123456' }],
    });
    expect(manual).toMatchObject({ state: 'pending', cards: [], charged: 400 });
    expect(fake.orders.at(-1)!.widget).toEqual({ account: { value: '123456', cn: '充值账号' } });

    const rose = await err(
      acgFakaDriver.placeOrder(endpoint, {
        goodsRef: 'CARD01',
        quantity: 1,
        outerNumber: 'P4',
        maxUnitPrice: 1229,
        fields: [],
      }),
    );
    expect(rose.options).toMatchObject({ priceRose: true, retry: false });
    const short = await err(
      acgFakaDriver.placeOrder(endpoint, {
        goodsRef: 'RACE02|年卡',
        quantity: 1,
        outerNumber: 'P5',
        maxUnitPrice: 9999,
        fields: [],
      }),
    );
    expect(short.options).toMatchObject({ outOfStock: true });
  });

  it('fewer cards than ordered: a delivered answer with the cards that came (the forwarding settles the rest)', async () => {
    fake.mode = 'short-deliver';
    const r = await acgFakaDriver.placeOrder(endpoint, {
      goodsRef: 'CARD01',
      quantity: 2,
      outerNumber: 'P6',
      maxUnitPrice: 1230,
      fields: [],
    });
    expect(r.state).toBe('delivered');
    expect(r.cards).toHaveLength(1);
    expect(r.upstreamOrderNo).not.toBe('');
    expect(r.message).toContain('收到 1 张');
  });

  it('HTML, a 502, a refusal, a hang, a trickle and a dropped trade', async () => {
    fake.mode = 'html';
    let e = await err(acgFakaDriver.account(endpoint));
    expect(e.options.kind).toBe('garbage');
    expect(e.message).toContain('网页');

    fake.mode = 'bad-gateway';
    e = await err(acgFakaDriver.listGoods(endpoint));
    expect(e.options).toMatchObject({ kind: 'network', retry: true });

    fake.mode = { fail: '<span>系统维护中</span>' };
    e = await err(acgFakaDriver.account(endpoint));
    expect(e.message).toBe('上游店铺：系统维护中');

    fake.mode = 'hang';
    e = await err(acgFakaDriver.account(endpoint));
    expect(e.options).toMatchObject({ kind: 'timeout', retry: true });

    fake.mode = 'trickle';
    e = await err(acgFakaDriver.listGoods(endpoint));
    expect(e.options.kind).toBe('timeout');

    fake.mode = 'drop-after-trade';
    const before = fake.orders.length;
    e = await err(
      acgFakaDriver.placeOrder(endpoint, {
        goodsRef: 'CARD01',
        quantity: 1,
        outerNumber: 'P7',
        maxUnitPrice: 1230,
        fields: [],
      }),
    );
    // The trade went through upstream: the outcome is unknown here, so it is not to be retried blindly.
    expect(fake.orders.length).toBe(before + 1);
    expect(e.options).toMatchObject({ kind: 'network', retry: false });
    expect(e.message).toContain('切勿直接重试');
    // Even a blind retry could not pay twice: request_no refuses it.
    fake.mode = 'ok';
    const again = await err(
      acgFakaDriver.placeOrder(endpoint, {
        goodsRef: 'CARD01',
        quantity: 1,
        outerNumber: 'P7',
        maxUnitPrice: 1230,
        fields: [],
      }),
    );
    expect(again.message).toContain('P7');
    expect(fake.orders.length).toBe(before + 1);
  });

  it('a private address is refused unless the deployment or staff allow it', async () => {
    const e = await err(acgFakaDriver.account({ ...endpoint, hosts: 'public' }));
    expect(e.options).toMatchObject({ kind: 'refused', retry: false });
  });
});
