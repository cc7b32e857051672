import type { ContactType, GoodsStatus, GoodsType, RechargeField } from '@kapu/contract';
import type { GoodsSaveForm } from '@/api/catalog';

/** The editor's form values: money as yuan text, level prices by level id. */
export interface GoodsEditorValues {
  name: string;
  type: GoodsType;
  status: GoodsStatus;
  dirId: number;
  brandId?: number;
  price: string;
  faceValue: string;
  cost?: string;
  levelPrices?: Record<string, string | undefined>;
  wholesale?: Array<{ minQuantity: number; price: string }>;
  minQuantity?: number;
  maxQuantity?: number;
  multiple?: number;
  perUserLimit?: number;
  contactType: ContactType;
  sort?: number;
  stock?: number;
  visitorAllowed?: boolean;
  hot?: boolean;
  recommended?: boolean;
  loopCard?: boolean;
  allowRepeal?: boolean;
  rechargeTemplate?: Array<Partial<RechargeField> & { optionsText?: string }>;
  images?: string[];
  description?: string;
}

const bit = (v: boolean | undefined) => (v ? 1 : 0);

/** The form body saveGoods expects: JSON text for the structured fields, 0/1 flags, yuan text. */
export function buildGoodsForm(v: GoodsEditorValues, id?: number): GoodsSaveForm {
  const levelPrices = Object.entries(v.levelPrices ?? {})
    .filter(([, price]) => price !== undefined && String(price).trim() !== '')
    .map(([levelId, price]) => ({ levelId: Number(levelId), price: String(price).trim() }));
  const template = (v.rechargeTemplate ?? []).map((f) => ({
    key: f.key ?? '',
    label: f.label ?? '',
    type: f.type ?? 'text',
    required: f.required ?? true,
    ...(f.type === 'select'
      ? {
          options: (f.optionsText ?? '')
            .split('\n')
            .map((s) => s.trim())
            .filter(Boolean),
        }
      : {}),
    ...(f.placeholder ? { placeholder: f.placeholder } : {}),
  }));
  return {
    id,
    name: v.name,
    type: v.type,
    status: v.status,
    dirId: v.dirId,
    brandId: v.brandId,
    price: v.price,
    faceValue: v.faceValue || '0',
    cost: v.cost || undefined,
    stock: v.type === 'card' ? undefined : v.stock,
    minQuantity: v.minQuantity,
    maxQuantity: v.maxQuantity,
    multiple: v.multiple,
    perUserLimit: v.perUserLimit,
    contactType: v.contactType,
    sort: v.sort,
    visitorAllowed: bit(v.visitorAllowed),
    hot: bit(v.hot),
    recommended: bit(v.recommended),
    loopCard: bit(v.loopCard),
    allowRepeal: bit(v.allowRepeal),
    levelPrices: JSON.stringify(levelPrices),
    wholesale: JSON.stringify(
      (v.wholesale ?? []).map((t) => ({ minQuantity: t.minQuantity, price: String(t.price).trim() })),
    ),
    rechargeTemplate: JSON.stringify(template),
    images: JSON.stringify(v.images ?? []),
    description: v.description ?? '',
  };
}
