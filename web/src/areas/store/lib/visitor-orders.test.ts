import type { OrderDetail } from '@kapu/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { closePageDb, PAGE_DB_NAME, readRecord } from '@/app/storage/page-db';
import {
  findRememberedOrder,
  forgetOrder,
  listRememberedOrders,
  rememberOrder,
  VISITOR_ORDERS_KEY,
} from './visitor-orders';

function order(orderNo: string, patch: Partial<OrderDetail> = {}): OrderDetail {
  return {
    orderNo,
    goodsId: 1,
    goodsName: 'Steam 50',
    goodsType: 'card',
    unitPrice: 0,
    quantity: 1,
    amount: 0,
    status: 'unpaid',
    statusText: '待支付',
    contact: 'v@example.com',
    payMethod: '',
    payMethodText: '',
    createdAt: '2026-01-01 10:00:00',
    paidAt: '',
    deliveredAt: '',
    expiresAt: 0,
    refundAmount: 0,
    express: null,
    remark: null,
    deliveryText: '',
    buyerInputs: [],
    ship: null,
    refundReason: '',
    refundedAt: '',
    cards: [
      {
        id: 1,
        card: 'SECRET',
        password: 'x',
        status: 'sold',
        repealStatus: 'none',
        repealReason: null,
        repealNote: null,
      },
    ],
    ...patch,
  };
}

afterEach(async () => {
  await closePageDb();
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(PAGE_DB_NAME);
    req.onsuccess = () => resolve();
    req.onerror = () => resolve();
  });
});

describe('visitor order memory (IndexedDB database section)', () => {
  it('remembers orders newest first under the public user key, without the cards', async () => {
    await rememberOrder(order('20260101000000000001'), { queryPassword: 'secret1' }, 1);
    await rememberOrder(order('20260101000000000002'), { queryPassword: 'secret2' }, 2);
    const list = await listRememberedOrders();
    expect(list.map((o) => o.orderNo)).toEqual(['20260101000000000002', '20260101000000000001']);
    const raw = await readRecord<unknown[]>('database', `public:${VISITOR_ORDERS_KEY}`);
    expect(raw).toHaveLength(2);
    expect(JSON.stringify(raw)).not.toContain('SECRET');
  });

  it('refreshes a looked-up order, keeps its query password, and forgets on request', async () => {
    await rememberOrder(order('20260101000000000001'), { queryPassword: 'secret1' }, 1);
    await rememberOrder(order('20260101000000000002'), {}, 2);
    await rememberOrder(
      order('20260101000000000001', { status: 'delivered', statusText: '已完成' }),
      { contact: 'v@example.com' },
      3,
    );
    const again = await findRememberedOrder('20260101000000000001');
    expect(again).toMatchObject({ status: 'delivered', queryPassword: 'secret1', savedAt: 3 });
    expect((await listRememberedOrders())[0].orderNo).toBe('20260101000000000001');
    await forgetOrder('20260101000000000001');
    expect((await listRememberedOrders()).map((o) => o.orderNo)).toEqual(['20260101000000000002']);
  });

  it('answers an empty list when nothing was saved', async () => {
    expect(await listRememberedOrders()).toEqual([]);
  });
});
