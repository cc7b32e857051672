import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishEvent, type DomainEvents, type EventType } from '../../src/core/events.js';
import { memberTopics } from '../../src/modules/messages/index.js';
import { seedSite } from '../sites/seed-site.js';
import { shop } from '../commerce/commerce-helper.js';
import { buildTestApp, dialects, drainJobs, type TestApp } from '../helper.js';

/**
 * Every event kind of the topic map writes its message to the member it concerns (the owner for
 * a site's events), once, with its category and a link into the shop; a visitor's order writes none.
 * The events are published as their modules publish them (those paths have their own tests).
 */
describe.each(dialects())('every member topic writes its message, on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  /** A sub-site owned by the member (procurement.failed tells a site's owner). */
  let ownSiteId = 0;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(() => t.dispose());

  /** A payload of each kind for member `userId` (restock has its own subscription test). */
  function sample(type: EventType, userId: number, goodsId: number): DomainEvents[EventType] | null {
    const order = { orderId: 1, orderNo: `T${type.replace('.', '')}`, siteId: 1, userId };
    const complaint = { complaintId: 1, orderNo: 'TCOMPLAINT', siteId: 1, userId, sellerId: null };
    const samples: { [T in EventType]?: DomainEvents[T] } = {
      'order.paid': { ...order, goodsId, quantity: 2, amount: 1250, method: 'balance' },
      'order.delivered': { ...order, goodsId, goodsType: 'card', quantity: 2, by: 'cards' },
      'order.shipped': { ...order, carrier: '顺丰', trackingNo: 'SF123456' },
      'order.refunded': { ...order, amount: 500, refundedTotal: 500, whole: false, to: 'gateway' },
      'order.ownerRefundDue': {
        orderId: 1,
        orderNo: 'TOWNER',
        siteId: 2,
        ownerId: userId,
        amount: 900,
        cause: 'cost_short',
      },
      'repeal.decided': { linkId: 1, orderNo: 'TREPEAL', userId, cardId: 1, decision: 'approved', refunded: 300 },
      'withdrawal.decided': {
        withdrawalId: 1,
        withdrawNo: 'W1',
        userId,
        amount: 10000,
        decision: 'rejected',
        reason: '账户信息有误',
      },
      'site.expiring': {
        siteId: 2,
        ownerId: userId,
        title: '小明的店',
        expiresAt: Date.now() + 3 * 86_400_000,
        daysLeft: 3,
      },
      'site.shelfTrimmed': { siteId: 2, ownerId: userId, title: '小明的店', maxGoods: 20, removed: 5 },
      'procurement.failed': {
        procurementId: 1,
        procurementNo: 'P1',
        orderNo: 'TPROC',
        siteId: ownSiteId,
        goodsName: '话费卡',
        reason: '上游无货',
        refunded: true,
      },
      'account.newPlaceLogin': { userId, ip: '8.8.8.8', address: '美国', previousAddress: '江苏省南京市' },
      'account.salePasswordLocked': { userId, memberName: 'm', ip: '1.2.3.4', tries: 5, lockedMinutes: 30 },
      'account.levelChanged': {
        userId,
        siteId: 1,
        fromLevelId: 1,
        fromLevelName: '普通会员',
        toLevelId: 2,
        toLevelName: '高级会员',
        by: 'purchase',
        paid: 1999,
      },
      // The member is the seller of the opened complaint and the buyer of the others (one message each).
      'complaint.opened': { ...complaint, orderId: 1, userId: null, sellerId: userId, type: 'card_invalid' },
      'complaint.replied': { ...complaint, by: 'seller', authorId: userId + 1, status: 'awaiting_buyer' },
      'complaint.escalated': { ...complaint, cause: 'seller_timeout' },
      'complaint.closed': { ...complaint, outcome: 'refunded_part', refunded: 550 },
      'consultation.answered': { consultationId: 1, siteId: 1, userId, staffId: 1 },
      'supply.taskCreated': { taskId: 1, orderNo: 'TTASK', userId, goodsName: '代充服务' },
      'supply.stockLow': { goodsId, goodsName: '供货卡', userId, available: 2, threshold: 5 },
      'supply.settled': { userId, amount: 12345, entries: 3 },
      'promotion.credited': {
        userId,
        orderId: 1,
        orderNo: 'TPROMO',
        buyerId: userId + 1,
        level: 2,
        amount: 88,
        availableAt: Date.now(),
      },
      'cdk.redeemed': {
        codeId: 1,
        batchId: 1,
        siteId: 1,
        userId,
        kind: 'balance',
        amount: 2000,
        orderId: null,
        orderNo: null,
      },
    };
    return (samples[type] as DomainEvents[EventType] | undefined) ?? null;
  }

  const EXPECT: Record<string, { category: string; title: RegExp; body: RegExp; link: RegExp }> = {
    'order.paid': {
      category: 'order',
      title: /支付成功/,
      body: /× 2）已支付 12\.50 元/,
      link: /showordermess\?orderNo=Torderpaid/,
    },
    'order.delivered': { category: 'order', title: /已发货/, body: /卡密已发放/, link: /showordermess/ },
    'order.shipped': { category: 'order', title: /已寄出/, body: /顺丰.*SF123456/, link: /showordermess/ },
    'order.refunded': { category: 'order', title: /部分退款/, body: /5\.00 元，已原路退回/, link: /showordermess/ },
    'order.ownerRefundDue': {
      category: 'site',
      title: /需要您退款/,
      body: /9\.00 元.*余额不足/,
      link: /^\/vip\/shop$/,
    },
    'repeal.decided': {
      category: 'order',
      title: /撤销已通过/,
      body: /3\.00 元 已退回/,
      link: /cardRepeal\?orderNo=TREPEAL/,
    },
    'withdrawal.decided': {
      category: 'funds',
      title: /提现被拒绝/,
      body: /100\.00 元.*账户信息有误/,
      link: /collectMoney/,
    },
    'site.expiring': { category: 'site', title: /3 天后到期/, body: /小明的店/, link: /vipVersionMoney/ },
    'site.shelfTrimmed': {
      category: 'site',
      title: /商品上限调整为 20 件/,
      body: /小明的店.*前 20 件.*其余 5 件已自动下架/,
      link: /vipGoods/,
    },
    'procurement.failed': {
      category: 'site',
      title: /采购失败，已退款/,
      body: /TPROC（话费卡）.*上游无货.*已自动退款/,
      link: /vip\/docking/,
    },
    'account.newPlaceLogin': {
      category: 'account',
      title: /异地登录/,
      body: /美国.*8\.8\.8\.8.*江苏省南京市/,
      link: /myaccount/,
    },
    'account.salePasswordLocked': {
      category: 'account',
      title: /交易密码已被锁定/,
      body: /30 分钟/,
      link: /myaccount/,
    },
    'account.levelChanged': {
      category: 'account',
      title: /等级已变更/,
      body: /普通会员.*高级会员.*19\.99 元/,
      link: /selfLevel/,
    },
    'complaint.opened': {
      category: 'complaint',
      title: /新的投诉/,
      body: /TCOMPLAINT.*卡密无效/,
      link: /supply\/complain/,
    },
    'complaint.replied': { category: 'complaint', title: /新回复/, body: /卖家的回复/, link: /inside\/complain/ },
    'complaint.escalated': { category: 'complaint', title: /平台介入/, body: /卖家超时/, link: /inside\/complain/ },
    'complaint.closed': {
      category: 'complaint',
      title: /已处理/,
      body: /部分退款，退款 5\.50 元/,
      link: /inside\/complain/,
    },
    'consultation.answered': { category: 'complaint', title: /咨询有了回复/, body: /客服已回复/, link: /service/ },
    'supply.taskCreated': { category: 'supply', title: /待处理/, body: /TTASK（代充服务）/, link: /handOrder/ },
    'supply.stockLow': { category: 'supply', title: /库存不足/, body: /供货卡.*2 张/, link: /cardstockmanage/ },
    'supply.settled': { category: 'supply', title: /结算已入账/, body: /3 笔.*123\.45 元/, link: /bookeddetail/ },
    'promotion.credited': { category: 'promotion', title: /推广佣金/, body: /二级好友.*0\.88 元/, link: /promotion/ },
    'cdk.redeemed': { category: 'funds', title: /兑换成功/, body: /20\.00 元/, link: /accountmoney/ },
  };

  it('one message per event, for the member concerned, nothing for visitors', async () => {
    const goodsId = await s.goods({ price: '1', name: '话费卡' });
    const m = await s.member('0');
    const other = await s.member('0');
    ownSiteId = (await seedSite(t.deps.db, { ownerId: Number(m.id), path: `topics${Date.now() % 100000}` })).siteId;
    const types = (Object.keys(memberTopics) as EventType[]).filter((type) => type !== 'stock.restocked');
    for (const type of types) {
      const payload = sample(type, Number(m.id), goodsId);
      expect(payload, `a sample of ${type}`).not.toBeNull();
      expect(EXPECT[type], `expectations for ${type}`).toBeDefined();
      await t.deps.db.transaction().execute((trx) => publishEvent(trx, type, payload as never));
    }
    // A visitor's order concerns no account.
    await t.deps.db.transaction().execute((trx) =>
      publishEvent(trx, 'order.paid', {
        orderId: 9,
        orderNo: 'TVISITOR',
        siteId: 1,
        userId: null,
        goodsId,
        quantity: 1,
        amount: 1,
        method: 'balance',
      }),
    );
    await drainJobs(t);
    await t.deps.jobs.runDue(Date.now() + 3_600_000);
    const list = (await t.post('/inside/message/list', { pageSize: 50 }, m.token)).json.data;
    expect(list.total).toBe(types.length);
    for (const type of types) {
      const got = list.list.filter((x: { topic: string }) => x.topic === type);
      expect(got, type).toHaveLength(1);
      const e = EXPECT[type];
      expect(got[0].category, type).toBe(e.category);
      expect(got[0].title, type).toMatch(e.title);
      expect(got[0].body, type).toMatch(e.body);
      expect(got[0].link, type).toMatch(e.link);
    }
    expect(list.list.find((x: { topic: string }) => x.topic === 'order.paid').body).toContain('话费卡');
    expect((await t.post('/inside/message/unread', {}, m.token)).json.data.unread).toBe(types.length);
    expect((await t.post('/inside/message/list', {}, other.token)).json.data.total).toBe(0);
    const visitor = await t.deps.db.selectFrom('messages').select('id').where('body', 'like', '%TVISITOR%').execute();
    expect(visitor).toEqual([]);
  });
});
