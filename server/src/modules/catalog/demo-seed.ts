import type { Db } from '../../core/db/connect.js';

const SITE = 1;

/**
 * The demo shop of the first start: two-level directories, goods of every type with prices per
 * member level and a wholesale tier, and a few demo cards (when a card key is at hand).
 */
/** The demo shop's directories and goods; answers the card goods the demo cards belong to. */
export async function seedDemoCatalog(trx: Db): Promise<{ cardGoodsId: number }> {
  const now = Date.now();
  const dir = async (name: string, parentId: number | null, sort: number) =>
    (
      await trx
        .insertInto('goods_dirs')
        .values({
          site_id: SITE,
          parent_id: parentId,
          name,
          icon: '',
          sort,
          visible: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const games = await dir('游戏点卡', null, 1);
  const steam = await dir('Steam 充值卡', games, 1);
  const mobile = await dir('话费充值', null, 2);
  const services = await dir('代办服务', null, 3);
  const physical = await dir('实物周边', null, 4);

  const levels = await trx
    .selectFrom('member_levels')
    .select(['id', 'sort'])
    .where('site_id', '=', SITE)
    .orderBy('sort')
    .execute();
  const goods = async (g: {
    dir: number;
    name: string;
    type: 'card' | 'recharge' | 'manual' | 'physical';
    face: number;
    price: number;
    cost: number;
    template?: unknown[];
    stock?: number | null;
    sort: number;
    hot?: number;
  }) => {
    const row = await trx
      .insertInto('goods')
      .values({
        site_id: SITE,
        owner_user_id: null,
        dir_id: g.dir,
        brand_id: null,
        name: g.name,
        images: '[]',
        description: `<p>${g.name}，演示商品。</p>`,
        type: g.type,
        face_value: g.face,
        price: g.price,
        cost: g.cost,
        stock: g.stock ?? null,
        sold_count: 0,
        recharge_template: JSON.stringify(g.template ?? []),
        min_quantity: 1,
        max_quantity: 100,
        multiple: 1,
        per_user_limit: 0,
        visitor_allowed: 1,
        contact_type: 'any',
        status: 'on_sale',
        sort: g.sort,
        hot: g.hot ?? 0,
        recommended: 0,
        loop_card: 0,
        allow_repeal: g.type === 'card' ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Each level above the default pays 2% less per step.
    if (levels.length > 1) {
      await trx
        .insertInto('goods_prices')
        .values(
          levels.slice(1).map((l, i) => ({
            site_id: SITE,
            goods_id: row.id,
            level_id: l.id,
            price: Math.round((g.price * (100 - 2 * (i + 1))) / 100),
          })),
        )
        .execute();
    }
    await trx
      .insertInto('goods_wholesale')
      .values({ site_id: SITE, goods_id: row.id, min_quantity: 10, price: Math.round((g.price * 95) / 100) })
      .execute();
    return row.id;
  };

  const steam50 = await goods({
    dir: steam,
    name: 'Steam 钱包充值卡 50 元',
    type: 'card',
    face: 5000,
    price: 4850,
    cost: 4700,
    sort: 1,
    hot: 1,
  });
  await goods({
    dir: steam,
    name: 'Steam 钱包充值卡 100 元',
    type: 'card',
    face: 10000,
    price: 9700,
    cost: 9400,
    sort: 2,
  });
  await goods({
    dir: mobile,
    name: '全国移动话费直充 100 元',
    type: 'recharge',
    face: 10000,
    price: 9850,
    cost: 9750,
    sort: 1,
    template: [{ key: 'account', label: '充值手机号', type: 'text', required: true }],
  });
  await goods({
    dir: services,
    name: '游戏代练（人工处理）',
    type: 'manual',
    face: 0,
    price: 2000,
    cost: 1200,
    sort: 1,
  });
  await goods({
    dir: physical,
    name: '卡铺定制鼠标垫',
    type: 'physical',
    face: 0,
    price: 3900,
    cost: 1500,
    stock: 100,
    sort: 1,
  });

  return { cardGoodsId: steam50 };
}
