/**
 * One interface for every upstream protocol Kapu docks to (decision 0016): the Kapu / 卡易信 API 3.0
 * (drivers/kapu.ts) and the acg-faka shared-store protocol (drivers/acg-faka.ts). The docking
 * service speaks only this; a driver turns it into its protocol's requests and answers. Money is in
 * fen (integers) on this side of the interface, whatever the protocol writes.
 */

/** An upstream connection as the driver needs it (the secret already unsealed). */
export interface UpstreamEndpoint {
  /** The upstream shop's base URL, e.g. `https://shop.example.com` (no trailing slash needed). */
  baseUrl: string;
  /** The caller's id at the upstream (卡易信 appId; acg-faka app_id). */
  appId: string;
  /** The caller's secret at the upstream (卡易信 appSecret; acg-faka app_key). */
  secret: string;
  /** Staff-entered connections may name private hosts (core/outbound.ts). */
  trusted: boolean;
  /** The deployment's OUTBOUND_HOSTS. */
  hosts: 'public' | 'any';
  /** Per-request deadline in ms (default 10 000). */
  timeoutMs?: number;
}

/** A field the buyer fills in for the upstream (a recharge account, a game server…). */
export interface UpstreamField {
  name: string;
  label: string;
  required: boolean;
}

/** One upstream goods, as the upstream sells it to us. */
export interface UpstreamGoods {
  /** The upstream's id of the goods, as text. */
  ref: string;
  name: string;
  /** HTML as the upstream gives it; the docking service sanitises before it reaches a page. */
  description: string;
  images: string[];
  /** The upstream's directory name (for the import screen's grouping). */
  category: string;
  kind: 'card' | 'recharge' | 'manual';
  /** Our cost per unit, in fen. */
  price: number;
  /** Face value in fen when the upstream states one, else null. */
  faceValue: number | null;
  /** On sale at the upstream. */
  onSale: boolean;
  /** Units available; null when the upstream does not say (manual/recharge goods). */
  stock: number | null;
  minQuantity: number;
  maxQuantity: number;
  fields: UpstreamField[];
}

export interface UpstreamOrderRequest {
  goodsRef: string;
  quantity: number;
  /** Our procurement number: the upstream's idempotency key, so one order is never paid twice. */
  outerNumber: string;
  /** The highest unit cost we accept, in fen; the upstream must refuse above it where the protocol can. */
  maxUnitPrice: number;
  fields: Array<{ name: string; value: string }>;
  /** Where the upstream posts order changes (protocols that push). */
  notifyUrl?: string;
}

export interface UpstreamOrder {
  /** The upstream's order number ('' when the upstream has not given one). */
  upstreamOrderNo: string;
  /** delivered: cards (if any) are in `cards`; pending: not yet, ask again or wait for a push; failed: refused or refunded upstream. */
  state: 'delivered' | 'pending' | 'failed';
  /** Card texts, exactly as the upstream delivered them (never more than ordered; the service checks). */
  cards: string[];
  /** What the upstream charged us for the whole order, in fen (null when the protocol does not say). */
  charged: number | null;
  /** The upstream's words when it failed. */
  message: string;
}

/** What a driver reports about the connection itself. */
export interface UpstreamAccount {
  /** Our balance at the upstream in fen, when the protocol tells it. */
  balance: number | null;
  /** The upstream shop's name or our user name there, for the connections list. */
  name: string;
}

export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly options: {
      /** False when trying again cannot help (bad key, goods gone, price above the bound). */
      retry: boolean;
      /** 'refused' (the upstream said no), 'garbage' (not its protocol: HTML, bad JSON, bad signature), 'network', 'timeout'. */
      kind: 'refused' | 'garbage' | 'network' | 'timeout';
      /** The upstream refused because the price rose above `maxUnitPrice`. */
      priceRose?: boolean;
      /** The upstream said it has too little stock. */
      outOfStock?: boolean;
    },
  ) {
    super(message);
  }
}

export interface UpstreamDriver {
  readonly protocol: 'kapu' | 'acgfaka';
  /** Checks the connection and its credentials. */
  account(endpoint: UpstreamEndpoint): Promise<UpstreamAccount>;
  /** Every goods the upstream sells us (the driver pages through the protocol's lists). */
  listGoods(endpoint: UpstreamEndpoint): Promise<UpstreamGoods[]>;
  /** One goods, fresh (price, stock, status) — asked right before forwarding an order. */
  goods(endpoint: UpstreamEndpoint, ref: string): Promise<UpstreamGoods>;
  /** Places an order; must be idempotent by `outerNumber` where the protocol allows (Kapu: outerNumber). */
  placeOrder(endpoint: UpstreamEndpoint, order: UpstreamOrderRequest): Promise<UpstreamOrder>;
  /** Asks the upstream about an order we placed (by our number and/or theirs); null when the upstream does not know it. */
  queryOrder(
    endpoint: UpstreamEndpoint,
    ref: { outerNumber: string; upstreamOrderNo: string },
  ): Promise<UpstreamOrder | null>;
}
