import { UpstreamError, type UpstreamDriver } from '../driver.js';

/**
 * Placeholder so the registry compiles on the docking branch: the acg-faka driver is written on
 * its own branch and replaces this file at merge.
 */
const missing = (): never => {
  throw new UpstreamError('协议驱动未安装', { retry: false, kind: 'refused' });
};

export const acgFakaDriver: UpstreamDriver = {
  protocol: 'acgfaka',
  account: async () => missing(),
  listGoods: async () => missing(),
  goods: async () => missing(),
  placeOrder: async () => missing(),
  queryOrder: async () => missing(),
};
