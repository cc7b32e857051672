import { phpGenerateSignature, phpUrlEncode } from './acg-faka-server.js';

/**
 * A fake acg-faka 3.x shop, downstream side: it signs, calls and reads answers exactly as its
 * app/Service/Impl/SharedService.php does (type 0, the acg-faka protocol). `post()` merges `app_id`
 * AND `app_key` into the form (acg-faka sends the key in the clear), signs with Str::generateSignature,
 * posts `form_params` (http_build_query, RFC 1738), json_decodes the answer and throws the answer's
 * `msg` (tags stripped, or "连接失败") whenever `code` is not 200; otherwise it returns `data` as an array.
 */

export class AcgFakaError extends Error {}

/** A 共享店铺 row of the acg-faka admin (Model\Shared): the upstream's domain and credentials. */
export interface AcgShared {
  domain: string;
  app_id: string;
  app_key: string;
}

type Json = Record<string, unknown>;

const stripTags = (s: string) => s.replace(/<[^>]*>/g, '');

export async function acgPost(url: string, appId: string, appKey: string, data: Record<string, string | number> = {}) {
  const form: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...data, app_id: appId, app_key: appKey })) form[k] = String(v);
  form.sign = phpGenerateSignature(form, appKey);
  let text: string;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Object.entries(form)
        .map(([k, v]) => `${phpUrlEncode(k)}=${phpUrlEncode(v)}`)
        .join('&'),
      signal: AbortSignal.timeout(30_000),
    });
    text = await res.text();
  } catch {
    throw new AcgFakaError('连接失败');
  }
  let result: Json | null = null;
  try {
    result = JSON.parse(text) as Json;
  } catch {
    result = null;
  }
  if (!result || Number(result.code) !== 200)
    throw new AcgFakaError(stripTags(String(result?.msg ?? '')) || '连接失败');
  const out = result.data;
  return (out && typeof out === 'object' ? out : []) as Json | Json[];
}

/** SharedService (type 0), method by method. */
export const acgFakaClient = {
  connect(domain: string, appId: string, appKey: string) {
    return acgPost(`${domain}/shared/authentication/connect`, appId, appKey) as Promise<Json>;
  },
  items(shared: AcgShared) {
    return acgPost(`${shared.domain}/shared/commodity/items`, shared.app_id, shared.app_key) as Promise<Json[]>;
  },
  async inventoryState(shared: AcgShared, sharedCode: string, cardId: number, num: number, race: string) {
    await acgPost(`${shared.domain}/shared/commodity/inventoryState`, shared.app_id, shared.app_key, {
      shared_code: sharedCode,
      card_id: cardId,
      num,
      race,
    });
    return true;
  },
  async trade(
    shared: AcgShared,
    sharedCode: string,
    contact: string,
    num: number,
    cardId: number,
    device: number,
    password: string,
    race: string,
    widget: string | null,
    requestNo: string,
  ): Promise<string> {
    const wg = (widget ? JSON.parse(widget) : {}) as Record<string, { value: string }>;
    const post: Record<string, string | number> = {
      shared_code: sharedCode,
      contact,
      num,
      card_id: cardId,
      device,
      password,
      race,
      request_no: requestNo,
    };
    for (const [key, item] of Object.entries(wg)) post[key] = item.value;
    const trade = (await acgPost(
      `${shared.domain}/shared/commodity/trade`,
      shared.app_id,
      shared.app_key,
      post,
    )) as Json;
    return String(trade.secret ?? '');
  },
  inventory(shared: AcgShared, sharedCode: string, race = '') {
    return acgPost(`${shared.domain}/shared/commodity/inventory`, shared.app_id, shared.app_key, {
      sharedCode,
      race,
    }) as Promise<Json>;
  },
  draftCard(shared: AcgShared, sharedCode: string, limit: number, page: number, race: string) {
    return acgPost(`${shared.domain}/shared/commodity/draftCard`, shared.app_id, shared.app_key, {
      sharedCode,
      page,
      race,
      limit,
    });
  },
};

/**
 * Admin\Api\Store::addItem for one item: the local goods acg-faka makes from an upstream item
 * (fixed markup `premium`, premium_type 0). Shows which item fields its import reads.
 */
export function cloneItem(shared: AcgShared, item: Json, premium: number) {
  return {
    name: String(item.name),
    price: Number(item.price) + premium,
    user_price: Number(item.price) + premium,
    cover: shared.domain + String(item.cover),
    factory_price: Number(item.factory_price),
    shared_code: String(item.code),
    delivery_way: Number(item.delivery_way),
    widget: String(item.widget),
    minimum: Number(item.minimum),
    config: String(item.config),
  };
}
