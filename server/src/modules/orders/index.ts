export { ordersService, type OrdersService } from './orders.service.js';
export { registerOrderRoutes } from './orders.routes.js';
export { orderMachine, moveOrder, mustMoveOrder } from './order-machine.js';
export { newOrderNo } from './order-no.js';
export { ordersRepo, type OrderRow } from './orders.repo.js';
export { hashQueryPassword, verifyQueryPassword, visitorOrderToken } from './query-password.js';
export { openVisitorOrder, VISITOR_ORDER_LIMITS, VISITOR_PASSWORD_LIMITS } from './visitor-access.js';
export { CheckoutKeys, checkoutSettings, saveCheckoutSettings } from './checkout-settings.js';
export { DELIVERY_MAIL_JOB, DELIVERY_MAIL_CONSUMER, registerDeliveryMail, wantsDeliveryMail } from './delivery-mail.js';
export { orderDelivered, orderOwnerRefundDue, orderPaid, orderRefunded, orderShipped } from './order-events.js';
export { registerMyRepealRoutes } from './orders.repeals.js';
export {
  bestSellers,
  goodsBoughtBy,
  goodsPaidSince,
  orderSitesTable,
  paidQuantityOfGoods,
  requestedRepealsCount,
  salesOfSites,
  salesPeriods,
  salesTrend,
  spendOfCustomers,
  toDeliverCount,
} from './orders.figures.js';
export { EXPIRE_JOB, type OrderFlows, type OrderRedemption } from './order-flows.js';
export { moveOrderByHand, type SupplierSettlementPort } from './hand-delivery.js';
export { ordersOfGoodsOwner, type SupplierOrderFilter, type SupplierOrderRow } from './supplier-orders.js';
