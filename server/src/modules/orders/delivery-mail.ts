import { cardBoxFor } from '../../core/secret-box.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { siteTitleOf } from '../sites/index.js';
import { cardsOfOrder, type DeliveredCard } from '../stock/index.js';
import { readSmtp, secretBoxFor, sendMail } from '../verification/index.js';
import type { OrderRow } from './orders.repo.js';

/**
 * The job that mailed one order's cards before the mail became a consumer of order.delivered;
 * jobs of the previous release still queued are still sent.
 */
export const DELIVERY_MAIL_JOB = 'orders.deliveryMail';
/** The consumer name of the delivery mail (keys what was consumed: never rename). */
export const DELIVERY_MAIL_CONSUMER = 'orders.deliveryMail';
const EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;

/** A card order whose contact is an email address gets its cards mailed (when mail is set up). */
export function wantsDeliveryMail(order: Pick<OrderRow, 'contact' | 'goods_type'>): boolean {
  return order.goods_type === 'card' && EMAIL.test(order.contact ?? '');
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const cardLine = (c: DeliveredCard) => (c.password ? `${c.card}----${c.password}` : c.card);

export interface DeliveryMailContent {
  subject: string;
  text: string;
  html: string;
}

/** The mail: order number, goods, delivery time and every card; plain text plus a simple HTML table. */
export function renderDeliveryMail(m: {
  siteTitle: string;
  orderNo: string;
  goodsName: string;
  quantity: number;
  deliveredAt: string;
  cards: DeliveredCard[];
}): DeliveryMailContent {
  const site = m.siteTitle || '卡铺';
  const subject = `【${site}】订单 ${m.orderNo} 已发货`;
  const text = [
    `您好，您在「${site}」购买的商品已发货。`,
    '',
    `订单号：${m.orderNo}`,
    `商品：${m.goodsName} × ${m.quantity}`,
    `发货时间：${m.deliveredAt}`,
    '',
    `卡密（共 ${m.cards.length} 张）：`,
    ...m.cards.map(cardLine),
    '',
    '请妥善保管卡密，不要转发给他人。本邮件由系统自动发送，请勿回复。',
  ].join('\n');
  const rows = m.cards
    .map(
      (c, i) =>
        `<tr><td style="padding:4px 8px;border:1px solid #ddd">${i + 1}</td><td style="padding:4px 8px;border:1px solid #ddd;font-family:monospace">${esc(c.card)}</td><td style="padding:4px 8px;border:1px solid #ddd;font-family:monospace">${esc(c.password)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:sans-serif;font-size:14px;color:#222">
<p>您好，您在「${esc(site)}」购买的商品已发货。</p>
<p>订单号：<b>${esc(m.orderNo)}</b><br>商品：${esc(m.goodsName)} × ${m.quantity}<br>发货时间：${esc(m.deliveredAt)}</p>
<table style="border-collapse:collapse"><thead><tr><th style="padding:4px 8px;border:1px solid #ddd">#</th><th style="padding:4px 8px;border:1px solid #ddd">卡号</th><th style="padding:4px 8px;border:1px solid #ddd">密码</th></tr></thead><tbody>${rows}</tbody></table>
<p style="color:#888">请妥善保管卡密，不要转发给他人。本邮件由系统自动发送，请勿回复。</p>
</body></html>`;
  return { subject, text, html };
}

/**
 * The delivery mail consumes order.delivered (external: a mail may go twice after a crash,
 * never zero times): it reads the order and its cards when it runs, so a refund or a void in
 * between sends nothing. An order without an email contact, or a shop without a mail server,
 * gets none. A send failure throws, so the runner retries with backoff.
 */
export function registerDeliveryMail(deps: Deps): void {
  const { db, settings, config, jobs, events, log } = deps;
  const cardBox = cardBoxFor(config.dataDir);
  const mailBox = secretBoxFor(config.dataDir);
  const mailCards = async (orderId: number, warnWithoutSmtp: boolean) => {
    const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    // Refunded or voided since: nothing to send.
    if (!order || order.status !== 'delivered' || !wantsDeliveryMail(order)) return;
    const smtp = readSmtp(settings);
    if (!smtp) {
      if (warnWithoutSmtp) log.warn({ orderNo: order.order_no }, 'delivery mail skipped: SMTP is not configured');
      return;
    }
    const cards = (await cardsOfOrder(db, cardBox, order.id)).filter((c) => c.status === 'sold');
    if (cards.length === 0) return;
    const mail = renderDeliveryMail({
      siteTitle: await siteTitleOf(db, order.site_id),
      orderNo: order.order_no,
      goodsName: order.goods_name,
      quantity: order.quantity,
      deliveredAt: order.delivered_at ? formatDateTime(order.delivered_at, config.timeZone) : '',
      cards,
    });
    await sendMail(settings, mailBox, order.contact, mail.subject, { text: mail.text, html: mail.html }, smtp);
  };
  events.on(
    'order.delivered',
    DELIVERY_MAIL_CONSUMER,
    async (event) => {
      if (event.payload.goodsType === 'card') await mailCards(event.payload.orderId, false);
    },
    // A shop without a mail server queues no delivery jobs (as before, when the mail was its own job).
    { external: true, when: () => readSmtp(settings) !== null },
  );
  jobs.register(DELIVERY_MAIL_JOB, async (payload) => mailCards((payload as { orderId: number }).orderId, true));
}
