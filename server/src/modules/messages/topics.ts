import type { MessageCategory } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import type { DomainEvents, EventType } from '../../core/events.js';
import { fenToYuan } from '../../core/money.js';
import { findGoodsOfShop } from '../catalog/index.js';
import { PLATFORM_SITE_ID, sitePayeeOf } from '../sites/index.js';

/**
 * Which domain events become messages, and what they say. Adding a consumer for a new event kind
 * is one entry here (the module registers a consumer for every key): `memberTopics` for the
 * members concerned (in-app, then their e-mail / Telegram as they chose), `staffTopics` for the
 * group robots staff point at pending work. The topic key is the event type; it keys members'
 * channel choices and robots' topics, so never rename one.
 */

/** One message to one member. */
export interface MessageDraft {
  userId: number;
  title: string;
  body: string;
  /** A page of the shop it is about ('' for none). */
  link?: string;
}

export interface MemberTopic<T extends EventType> {
  label: string;
  category: MessageCategory;
  /** The messages one event writes (none for a visitor's order). Runs in the consumer's transaction. */
  drafts(payload: DomainEvents[T], trx: Db): MessageDraft[] | Promise<MessageDraft[]>;
  /** Whether the event writes anything at all, from its payload (events declined cost the outbox nothing). */
  wants?(payload: DomainEvents[T]): boolean;
}

export interface StaffTopic<T extends EventType> {
  label: string;
  /** The robot's text, or null when this event is not pending work (a card order delivers itself). */
  text(payload: DomainEvents[T], trx: Db): string | null | Promise<string | null>;
  /** As MemberTopic's. */
  wants?(payload: DomainEvents[T]): boolean;
}

type MemberTopics = { [T in EventType]?: MemberTopic<T> };
type StaffTopics = { [T in EventType]?: StaffTopic<T> };

const yuan = (fen: number) => `${fenToYuan(fen)} 元`;
const orderLink = (orderNo: string) => `/inside/showordermess?orderNo=${encodeURIComponent(orderNo)}`;
/** A member's message, or none for a visitor (no account to write to). */
const to = (userId: number | null, draft: Omit<MessageDraft, 'userId'>): MessageDraft[] =>
  userId === null ? [] : [{ userId, ...draft }];
/** A buyer's order event: a visitor has no inbox. */
const aMembers = (p: { userId: number | null }) => p.userId !== null;
const goodsName = async (trx: Db, goodsId: number) =>
  (await findGoodsOfShop(trx, goodsId).catch(() => null))?.name ?? `商品 #${goodsId}`;
/** An order's goods as bought: the event names it (a read per message cost the checkout; events before 2026-11-28 do not). */
const orderGoods = async (trx: Db, p: { goodsId: number; goodsName?: string }) =>
  p.goodsName ?? (await goodsName(trx, p.goodsId));

const COMPLAINT_TYPE: Record<DomainEvents['complaint.opened']['type'], string> = {
  card_invalid: '卡密无效',
  not_received: '未收到货',
  wrong_goods: '商品不符',
  other: '其他',
};
const COMPLAINT_OUTCOME: Record<DomainEvents['complaint.closed']['outcome'], string> = {
  refunded_full: '全额退款',
  refunded_part: '部分退款',
  rejected: '投诉被驳回',
  withdrawn: '买家已撤销投诉',
};

const REFUND_TO: Record<DomainEvents['order.refunded']['to'], string> = {
  balance: '已退回您的账户余额',
  gateway: '已原路退回您的付款账户',
  manual: '由客服线下退还给您',
};

export const memberTopics: MemberTopics = {
  'order.paid': {
    label: '订单支付成功',
    category: 'order',
    // Cards sold at payment: the buyer hears once, from the delivery (卡密已发放), not twice in one second.
    wants: (p) => aMembers(p) && !p.deliveredNow,
    drafts: async (p, trx) =>
      to(p.userId, {
        title: '订单支付成功',
        body: `您的订单 ${p.orderNo}（${await orderGoods(trx, p)} × ${p.quantity}）已支付 ${yuan(p.amount)}。`,
        link: orderLink(p.orderNo),
      }),
  },
  'order.delivered': {
    label: '订单已发货 / 已完成',
    category: 'order',
    wants: aMembers,
    drafts: async (p, trx) =>
      to(p.userId, {
        title: p.goodsType === 'physical' ? '订单已签收' : '订单已发货',
        body:
          p.goodsType === 'card'
            ? `您的订单 ${p.orderNo}（${await orderGoods(trx, p)} × ${p.quantity}）卡密已发放，请在订单详情中查看。`
            : `您的订单 ${p.orderNo}（${await orderGoods(trx, p)} × ${p.quantity}）已处理完成。`,
        link: orderLink(p.orderNo),
      }),
  },
  'order.shipped': {
    label: '订单已寄出',
    category: 'order',
    wants: aMembers,
    drafts: (p) =>
      to(p.userId, {
        title: '订单已寄出',
        body: `您的订单 ${p.orderNo} 已交给 ${p.carrier} 寄出，快递单号 ${p.trackingNo}。`,
        link: orderLink(p.orderNo),
      }),
  },
  'order.refunded': {
    label: '订单退款',
    category: 'order',
    wants: aMembers,
    drafts: (p) =>
      to(p.userId, {
        title: p.whole ? '订单已退款' : '订单部分退款',
        body: `您的订单 ${p.orderNo} 退款 ${yuan(p.amount)}，${REFUND_TO[p.to]}。${p.whole ? '' : `该订单累计已退 ${yuan(p.refundedTotal)}。`}`,
        link: orderLink(p.orderNo),
      }),
  },
  'order.ownerRefundDue': {
    label: '分站订单待退款',
    category: 'site',
    drafts: (p) => [
      {
        userId: p.ownerId,
        title: '有一笔分站订单需要您退款',
        body: `订单 ${p.orderNo} 的买家付款进入了您的收款账户，需要您退还 ${yuan(p.amount)}（${
          p.cause === 'refund'
            ? '订单退款'
            : p.cause === 'cost_short'
              ? '发货时您的余额不足以支付进货成本'
              : '付款时已无库存'
        }）。请在分站店铺的收款账户中处理。`,
        link: '/vip/shop',
      },
    ],
  },
  'repeal.decided': {
    label: '卡密撤销结果',
    category: 'order',
    drafts: (p) =>
      to(p.userId, {
        title: p.decision === 'approved' ? '卡密撤销已通过' : '卡密撤销未通过',
        body:
          p.decision === 'approved'
            ? `订单 ${p.orderNo} 的卡密撤销申请已通过${p.refunded > 0 ? `，${yuan(p.refunded)} 已退回您的余额` : ''}。`
            : `订单 ${p.orderNo} 的卡密撤销申请未通过。`,
        link: `/inside/cardRepeal?orderNo=${encodeURIComponent(p.orderNo)}`,
      }),
  },
  'withdrawal.decided': {
    label: '提现审核结果',
    category: 'funds',
    drafts: (p) => [
      {
        userId: p.userId,
        title: p.decision === 'approved' ? '提现已打款' : '提现被拒绝',
        body:
          p.decision === 'approved'
            ? `您的提现 ${p.withdrawNo}（${yuan(p.amount)}）已审核通过并打款。`
            : `您的提现 ${p.withdrawNo}（${yuan(p.amount)}）未通过审核${p.reason ? `：${p.reason}` : ''}，金额已退回您的余额。`,
        link: '/inside/collectMoney',
      },
    ],
  },
  'site.expiring': {
    label: '分站即将到期',
    category: 'site',
    drafts: (p) => [
      {
        userId: p.ownerId,
        title: `分站将在 ${p.daysLeft} 天后到期`,
        body: `您的分站「${p.title}」将在 ${p.daysLeft} 天后到期，请及时续费，以免影响访问。`,
        link: '/vip/vipVersionMoney',
      },
    ],
  },
  'procurement.failed': {
    label: '分站对接商品采购失败',
    category: 'site',
    // A site's own docked goods (decision 0018) are bought with the owner's upstream account: the owner hears.
    wants: (p) => p.siteId !== PLATFORM_SITE_ID,
    drafts: async (p, trx) => {
      const owner = await sitePayeeOf(trx, p.siteId);
      if (!owner) return [];
      return [
        {
          userId: owner.ownerId,
          title: p.refunded ? '对接商品采购失败，已退款给买家' : '对接商品采购失败，待处理',
          body: `订单 ${p.orderNo}（${p.goodsName}）的采购单 ${p.procurementNo} 未能在上游完成：${p.reason}。${
            p.refunded ? '已自动退款给买家。' : '请到「货源对接 → 采购单」查看并重新推送。'
          }`,
          link: '/vip/docking',
        },
      ];
    },
  },
  'site.shelfTrimmed': {
    label: '分站商品上限调整',
    category: 'site',
    drafts: (p) => [
      {
        userId: p.ownerId,
        title: `分站商品上限调整为 ${p.maxGoods} 件`,
        body: `您的分站「${p.title}」所在版本的商品上限调整为 ${p.maxGoods} 件，已保留按商品顺序的前 ${p.maxGoods} 件，其余 ${p.removed} 件已自动下架。可在“分站商品”中调整上架的商品，或升级版本。`,
        link: '/vip/vipGoods',
      },
    ],
  },
  'account.newPlaceLogin': {
    label: '异地登录提醒',
    category: 'account',
    drafts: (p) => [
      {
        userId: p.userId,
        title: '账户异地登录提醒',
        body: `您的账户在 ${p.address}（IP ${p.ip}）登录，上次登录地为 ${p.previousAddress}。如果不是您本人操作，请尽快修改登录密码。`,
        link: '/inside/inter/myaccount',
      },
    ],
  },
  'account.salePasswordLocked': {
    label: '交易密码锁定',
    category: 'account',
    drafts: (p) => [
      {
        userId: p.userId,
        title: '交易密码已被锁定',
        body: `您的账户（IP ${p.ip}）连续 ${p.tries} 次输入错误的交易密码，交易密码已锁定 ${p.lockedMinutes} 分钟。`,
        link: '/inside/inter/myaccount',
      },
    ],
  },
  'account.levelChanged': {
    label: '会员等级变更',
    category: 'account',
    drafts: (p) => [
      {
        userId: p.userId,
        title: '会员等级已变更',
        body: `您的会员等级由「${p.fromLevelName}」变为「${p.toLevelName}」${p.paid > 0 ? `，支付 ${yuan(p.paid)}` : ''}。`,
        link: '/inside/selfLevel',
      },
    ],
  },
  'stock.restocked': {
    label: '到货提醒',
    category: 'restock',
    // Everyone who asked about this goods, told once: the subscriptions go with the message.
    drafts: async (p, trx) => {
      const subscribers = await trx
        .deleteFrom('restock_subscriptions')
        .where('goods_id', '=', p.goodsId)
        .returning('user_id')
        .execute();
      if (subscribers.length === 0) return [];
      const name = await goodsName(trx, p.goodsId);
      return subscribers.map((s) => ({
        userId: Number(s.user_id),
        title: '您关注的商品到货了',
        body: `您订阅到货提醒的商品「${name}」已补货${p.available > 0 ? `，现有库存 ${p.available}` : ''}，欢迎选购。`,
        link: `/inside/buyGoods?goodId=${p.goodsId}`,
      }));
    },
  },
  'complaint.opened': {
    label: '收到新投诉（供货商）',
    category: 'complaint',
    drafts: (p) =>
      to(p.sellerId, {
        title: '您有一笔新的投诉',
        body: `买家对订单 ${p.orderNo} 发起了投诉（${COMPLAINT_TYPE[p.type]}），请在规定时间内回复，超时将由平台介入。`,
        link: '/supply/complain',
      }),
  },
  'complaint.replied': {
    label: '投诉有新回复',
    category: 'complaint',
    // Everyone in the thread but the writer: the buyer hears the seller and staff, the seller the buyer and staff.
    drafts: (p) => [
      ...(p.by !== 'buyer'
        ? to(p.userId, {
            title: '您的投诉有新回复',
            body: `订单 ${p.orderNo} 的投诉有了${p.by === 'staff' ? '客服' : '卖家'}的回复，请查看。`,
            link: '/inside/complain',
          })
        : []),
      ...(p.by !== 'seller'
        ? to(p.sellerId, {
            title: '投诉有新回复',
            body: `订单 ${p.orderNo} 的投诉有了${p.by === 'staff' ? '客服' : '买家'}的回复，请查看。`,
            link: '/supply/complain',
          })
        : []),
    ],
  },
  'complaint.escalated': {
    label: '投诉转平台介入',
    category: 'complaint',
    drafts: (p) => {
      const body = `订单 ${p.orderNo} 的投诉已转由平台介入处理（${p.cause === 'seller_timeout' ? '卖家超时未回复' : '买家申请'}）。`;
      return [
        ...to(p.userId, { title: '投诉已转平台介入', body, link: '/inside/complain' }),
        ...to(p.sellerId, { title: '投诉已转平台介入', body, link: '/supply/complain' }),
      ];
    },
  },
  'complaint.closed': {
    label: '投诉处理结果',
    category: 'complaint',
    drafts: (p) => {
      const body = `订单 ${p.orderNo} 的投诉已结束：${COMPLAINT_OUTCOME[p.outcome]}${p.refunded > 0 ? `，退款 ${yuan(p.refunded)}` : ''}。`;
      return [
        ...to(p.userId, { title: '投诉已处理', body, link: '/inside/complain' }),
        ...to(p.sellerId, { title: '投诉已处理', body, link: '/supply/complain' }),
      ];
    },
  },
  'consultation.answered': {
    label: '咨询已回复',
    category: 'complaint',
    drafts: (p) => to(p.userId, { title: '您的咨询有了回复', body: '客服已回复您的咨询，请查看。', link: '/service' }),
  },
  'supply.taskCreated': {
    label: '新的供货订单待处理',
    category: 'supply',
    drafts: (p) => [
      {
        userId: p.userId,
        title: '新的供货订单待处理',
        body: `订单 ${p.orderNo}（${p.goodsName}）已付款，请尽快接单处理，超时未接单将转回平台或自动退款。`,
        link: '/supply/handOrder',
      },
    ],
  },
  'supply.stockLow': {
    label: '供货库存不足',
    category: 'supply',
    drafts: (p) => [
      {
        userId: p.userId,
        title: '供货商品库存不足',
        body: `您的商品「${p.goodsName}」可用卡密仅剩 ${p.available} 张（预警值 ${p.threshold}），请及时补货。`,
        link: '/supply/cardstockmanage',
      },
    ],
  },
  'supply.settled': {
    label: '供货结算入账',
    category: 'supply',
    drafts: (p) => [
      {
        userId: p.userId,
        title: '供货结算已入账',
        body: `${p.entries} 笔供货结算已过冻结期，${yuan(p.amount)} 已转入您的余额。`,
        link: '/supply/bookeddetail',
      },
    ],
  },
  'promotion.credited': {
    label: '推广佣金到账（冻结中）',
    category: 'promotion',
    drafts: (p) => [
      {
        userId: p.userId,
        title: '获得推广佣金',
        body: `您邀请的${['', '', '二级', '三级'][p.level] ?? ''}好友完成了订单 ${p.orderNo}，您获得佣金 ${yuan(p.amount)}，冻结期满后可领取到余额。`,
        link: '/inside/inter/promotion',
      },
    ],
  },
  'cdk.redeemed': {
    label: '兑换码兑换成功',
    category: 'funds',
    // Goods codes become orders, which send their own messages; a balance code says what was credited.
    drafts: (p) =>
      p.kind === 'balance'
        ? to(p.userId, {
            title: '兑换码兑换成功',
            body: `兑换码已兑换，${yuan(p.amount)} 已存入您的余额。`,
            link: '/inside/accountmoney',
          })
        : [],
  },
};

/** Topics of messages written without an event (admin broadcasts); in-app only. */
export const BROADCAST_TOPIC = 'broadcast';

export const staffTopics: StaffTopics = {
  'order.paid': {
    label: '新的待处理订单（手工 / 直充 / 实物）',
    wants: (p) => p.goodsType !== 'card',
    text: async (p, trx) => {
      const goods = await findGoodsOfShop(trx, p.goodsId).catch(() => null);
      if (!goods || goods.type === 'card') return null;
      return `【待发货】新订单 ${p.orderNo}：${goods.name} × ${p.quantity}，已付 ${yuan(p.amount)}，请尽快处理。`;
    },
  },
  'withdrawal.requested': {
    label: '提现待审核',
    text: (p) => `【提现待审核】${p.withdrawNo}：${yuan(p.amount)}，请到后台资金管理审核。`,
  },
  'stock.low': {
    label: '库存不足',
    text: async (p, trx) =>
      `【库存不足】「${await goodsName(trx, p.goodsId)}」可用卡密仅剩 ${p.available} 张（预警值 ${p.threshold}），请及时补货。`,
  },
  'complaint.escalated': {
    label: '投诉转平台介入',
    text: (p) =>
      `【投诉待仲裁】订单 ${p.orderNo} 的投诉${p.cause === 'seller_timeout' ? '卖家超时未回复' : '买家申请平台介入'}，请到客服工作台处理。`,
  },
  'procurement.failed': {
    label: '上游采购失败（货源对接）',
    text: (p) =>
      `【采购失败】订单 ${p.orderNo}（${p.goodsName}）的采购单 ${p.procurementNo} 未能在上游完成：${p.reason}。${
        p.refunded ? '已自动退款给买家。' : '请到后台「货源对接 → 采购单」处理。'
      }`,
  },
  'order.ownerRefundDue': {
    label: '分站自收款订单待站长退款',
    text: (p) => `【分站待退款】订单 ${p.orderNo} 需由分站站长退还 ${yuan(p.amount)}。`,
  },
};

/** Every member topic with a label, for the preferences page (broadcasts have no channel beyond the app). */
export function memberTopicList(): Array<{ topic: string; label: string; category: MessageCategory }> {
  return (Object.keys(memberTopics) as EventType[]).map((t) => ({
    topic: t,
    label: memberTopics[t]!.label,
    category: memberTopics[t]!.category,
  }));
}

export function staffTopicList(): Array<{ topic: string; label: string }> {
  return (Object.keys(staffTopics) as EventType[]).map((t) => ({ topic: t, label: staffTopics[t]!.label }));
}
