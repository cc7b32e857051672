/**
 * The database type, composed from each owner's tables file (core/db/tables.ts and
 * modules/<module>/tables.ts): each table is declared in exactly one of them, by the module that
 * owns it. Core imports the modules' table types only to compose this type (types only, erased
 * at run time; docs/decisions/0006-table-types-composed-in-core.md).
 */
import type { CoreTables } from './tables.js';
import type { SitesTables } from '../../modules/sites/tables.js';
import type { CatalogTables } from '../../modules/catalog/tables.js';
import type { AccountsTables } from '../../modules/accounts/tables.js';
import type { StaffTables } from '../../modules/staff/tables.js';
import type { VerificationTables } from '../../modules/verification/tables.js';
import type { OAuthTables } from '../../modules/oauth/tables.js';
import type { CertifyTables } from '../../modules/certify/tables.js';
import type { AuditTables } from '../../modules/audit/tables.js';
import type { ContentTables } from '../../modules/content/tables.js';
import type { StockTables } from '../../modules/stock/tables.js';
import type { OrdersTables } from '../../modules/orders/tables.js';
import type { FundsTables } from '../../modules/funds/tables.js';
import type { PaymentsTables } from '../../modules/payments/tables.js';
import type { ProfitsTables } from '../../modules/profits/tables.js';
import type { DecorationTables } from '../../modules/decoration/tables.js';
import type { SupplyTables } from '../../modules/supply/tables.js';
import type { PromotionTables } from '../../modules/promotion/tables.js';
import type { CdkTables } from '../../modules/cdk/tables.js';
import type { SharedStoreTables } from '../../modules/shared-store/tables.js';
import type { DockingTables } from '../../modules/docking/tables.js';
import type { MessagesTables } from '../../modules/messages/tables.js';
import type { ComplaintsTables } from '../../modules/complaints/tables.js';
import type { ServiceTables } from '../../modules/service/tables.js';
import type { WebhooksTables } from '../../modules/webhooks/tables.js';
import type { OpenApiTables } from '../../modules/openapi/tables.js';

export type * from './tables.js';
export type * from '../../modules/sites/tables.js';
export type * from '../../modules/catalog/tables.js';
export type * from '../../modules/accounts/tables.js';
export type * from '../../modules/staff/tables.js';
export type * from '../../modules/verification/tables.js';
export type * from '../../modules/oauth/tables.js';
export type * from '../../modules/certify/tables.js';
export type * from '../../modules/audit/tables.js';
export type * from '../../modules/content/tables.js';
export type * from '../../modules/stock/tables.js';
export type * from '../../modules/orders/tables.js';
export type * from '../../modules/funds/tables.js';
export type * from '../../modules/payments/tables.js';
export type * from '../../modules/profits/tables.js';
export type * from '../../modules/decoration/tables.js';
export type * from '../../modules/supply/tables.js';
export type * from '../../modules/promotion/tables.js';
export type * from '../../modules/cdk/tables.js';
export type * from '../../modules/shared-store/tables.js';
export type * from '../../modules/docking/tables.js';
export type * from '../../modules/messages/tables.js';
export type * from '../../modules/complaints/tables.js';
export type * from '../../modules/service/tables.js';
export type * from '../../modules/webhooks/tables.js';
export type * from '../../modules/openapi/tables.js';

export interface Database
  extends
    CoreTables,
    SitesTables,
    CatalogTables,
    AccountsTables,
    StaffTables,
    VerificationTables,
    OAuthTables,
    CertifyTables,
    AuditTables,
    ContentTables,
    StockTables,
    OrdersTables,
    FundsTables,
    PaymentsTables,
    ProfitsTables,
    DecorationTables,
    SupplyTables,
    PromotionTables,
    CdkTables,
    MessagesTables,
    ComplaintsTables,
    ServiceTables,
    WebhooksTables,
    OpenApiTables,
    SharedStoreTables,
    DockingTables {}
