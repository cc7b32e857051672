/**
 * The one catalogue of business codes and their Chinese messages (shared by server, web and the open API),
 * assembled from one file per area so each module keeps its texts together.
 * HTTP status stays 200 for every code here; the envelope carries the outcome.
 * Ranges: 1000–1099 general · 1100–1199 member accounts · 1200–1299 staff/admin ·
 * 1300–1399 files/settings · 2400–2499 open API · 3000–3999 catalog/stock/orders ·
 * 4000–4999 payments · 5000–5999 funds · 6000–6999 sub-sites (6800–6849 decoration) · 7000–7099 suppliers ·
 * 7100–7299 complaints and the service desk · 8000–8099 messages · 8100–8199 redemption codes ·
 * 8200–8299 promotion · 8400–8449 webhooks.
 * 8200–8299 promotion · 8450–8499 acg-faka shared store.
 * 8200–8299 promotion · 8300–8399 docking.
 */
import { accountCodes } from './codes/accounts.js';
import { cdkCodes } from './codes/cdk.js';
import { commerceCodes } from './codes/commerce.js';
import { complaintCodes } from './codes/complaints.js';
import { coreCodes } from './codes/core.js';
import { decorationCodes } from './codes/decoration.js';
import { messageCodes } from './codes/messages.js';
import { paymentCodes } from './codes/payments.js';
import { promotionCodes } from './codes/promotion.js';
import { serviceCodes } from './codes/service.js';
import { siteChainCodes } from './codes/site-chain.js';
import { siteVersionCodes } from './codes/site-versions.js';
import { supplyCodes } from './codes/supply.js';
import { webhookCodes } from './codes/webhooks.js';
import { openApiCodes } from './codes/openapi.js';
import { sharedStoreCodes } from './codes/shared-store.js';
import { dockingCodes } from './codes/docking.js';

export const Codes = {
  ...coreCodes,
  ...accountCodes,
  ...commerceCodes,
  ...paymentCodes,
  ...siteChainCodes,
  ...decorationCodes,
  ...siteVersionCodes,
  ...promotionCodes,
  ...supplyCodes,
  ...cdkCodes,
  ...messageCodes,
  ...complaintCodes,
  ...serviceCodes,
  ...webhookCodes,
  ...openApiCodes,
  ...sharedStoreCodes,
  ...dockingCodes,
} as const;

export type CodeName = keyof typeof Codes;
export type BusinessCode = (typeof Codes)[CodeName]['code'];

export { SessionCodes, SUCCESS_CODE } from './session-codes.js';
// The storefront's entry names single codes; only this area's file comes with them.
export { siteChainCodes } from './codes/site-chain.js';

let byCode: Map<number, string> | undefined;
/** The catalogued message of a code, for clients that only kept the number. */
export function messageOf(code: number): string | undefined {
  byCode ??= new Map<number, string>(Object.values(Codes).map((c) => [c.code, c.msg]));
  return byCode.get(code);
}
