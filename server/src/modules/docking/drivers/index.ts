import type { UpstreamDriver } from '../driver.js';
import { acgFakaDriver } from './acg-faka.js';
import { kapuDriver } from './kapu.js';

/** Every protocol Kapu docks to, by the connection's `protocol`. */
export const DRIVERS: Record<UpstreamDriver['protocol'], UpstreamDriver> = {
  kapu: kapuDriver,
  acgfaka: acgFakaDriver,
};

export function driverFor(protocol: UpstreamDriver['protocol']): UpstreamDriver {
  return DRIVERS[protocol];
}
