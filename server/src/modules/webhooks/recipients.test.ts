import { describe, expect, it } from 'vitest';
import { eventOwners } from './recipients.js';

describe('who an event is about (members whose subscriptions may receive it)', () => {
  it('orders: the buyer, and the site whose owner also receives them; a visitor’s order only the site', () => {
    const order = { orderId: 1, orderNo: 'N1', siteId: 7, goodsId: 3, quantity: 1, amount: 100, method: 'balance' };
    expect(eventOwners('order.paid', { ...order, userId: 42 })).toEqual({ userIds: [42], siteId: 7 });
    expect(eventOwners('order.paid', { ...order, userId: null })).toEqual({ userIds: [], siteId: 7 });
    expect(
      eventOwners('order.refunded', {
        orderId: 1,
        orderNo: 'N1',
        siteId: 1,
        userId: 5,
        amount: 10,
        refundedTotal: 10,
        whole: true,
        to: 'balance',
      }),
    ).toEqual({ userIds: [5], siteId: 1 });
  });

  it('withdrawals, supplier stock and settlements: their member', () => {
    expect(
      eventOwners('withdrawal.decided', {
        withdrawalId: 1,
        withdrawNo: 'W1',
        userId: 9,
        amount: 100,
        decision: 'approved',
        reason: '',
      }),
    ).toEqual({ userIds: [9], siteId: null });
    expect(
      eventOwners('supply.stockLow', { goodsId: 2, goodsName: 'g', userId: 11, available: 1, threshold: 5 }),
    ).toEqual({ userIds: [11], siteId: null });
    expect(eventOwners('supply.settled', { userId: 12, amount: 100, entries: 2 }).userIds).toEqual([12]);
  });

  it('complaints: the buyer and the seller; site expiry and owner refunds: the owner', () => {
    const c = { complaintId: 1, orderNo: 'N', siteId: 1, userId: 3, sellerId: 4 };
    expect(eventOwners('complaint.closed', { ...c, outcome: 'rejected', refunded: 0 }).userIds).toEqual([3, 4]);
    expect(eventOwners('complaint.opened', { ...c, orderId: 1, userId: null, sellerId: null, type: 'other' })).toEqual({
      userIds: [],
      siteId: null,
    });
    expect(
      eventOwners('site.expiring', { siteId: 2, ownerId: 8, title: 't', expiresAt: 0, daysLeft: 3 }).userIds,
    ).toEqual([8]);
    expect(
      eventOwners('order.ownerRefundDue', {
        orderId: 1,
        orderNo: 'N',
        siteId: 2,
        ownerId: 8,
        amount: 1,
        cause: 'refund',
      }).userIds,
    ).toEqual([8]);
  });

  it('the platform’s stock events are no member’s', () => {
    expect(eventOwners('stock.low', { goodsId: 1, siteId: 1, available: 0, threshold: 5 })).toEqual({
      userIds: [],
      siteId: null,
    });
    expect(eventOwners('stock.restocked', { goodsId: 1, siteId: 1, available: 3 }).userIds).toEqual([]);
  });
});
