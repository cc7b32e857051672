import { flag, pageQuery } from './commerce.js';
import { CONTROL_CHARS, idOf, text } from './fields.js';
import { z } from './zod-setup.js';

/**
 * Site decoration (装修): a storefront home built from blocks. The owner of a sub-site edits their
 * site's layout (`/vip/decorate/*`), staff the platform's (admin `decorate/*`); the storefront reads
 * the published layout of the request's site (`/site/layout`). Blocks travel as one JSON text field.
 */

export const DECOR_BLOCK_TYPES = ['banner', 'notice', 'dirs', 'goods', 'richText', 'contacts', 'footer'] as const;
export type DecorBlockType = (typeof DECOR_BLOCK_TYPES)[number];
export const DecorBlockLabels: Record<DecorBlockType, string> = {
  banner: '轮播图',
  notice: '公告栏',
  dirs: '分类导航',
  goods: '商品橱窗',
  richText: '图文',
  contacts: '联系方式',
  footer: '页脚',
};

export const DECOR_LIMITS = {
  blocks: 30,
  slides: 8,
  dirIds: 30,
  goodsIds: 24,
  goodsCount: 24,
  contacts: 8,
  footerLinks: 8,
  richTextChars: 20_000,
  linkChars: 500,
  /** The whole layout as sent (JSON text). */
  layoutChars: 300_000,
  /** Published versions kept per site (the newest is live). */
  versionsKept: 20,
} as const;

const ABSOLUTE_LINK = /^https?:\/\/[^\s/?#\\<>"]+[^\s\\<>"]*$/i;
/** `/path…` on this site; `//host` and `/\host` would leave it, so they are not site-relative. */
const SITE_LINK = /^\/(?![/\\])[^\s\\<>"]*$/;

/**
 * Where a block may send people: an http(s) address, or a path on this site. Nothing else:
 * no `javascript:`, `data:` or other schemes, no protocol-relative `//host`, no spaces or
 * control characters (which browsers strip, turning `java\tscript:` back into a scheme).
 */
export function isSafeLink(value: string): boolean {
  if (value.length > DECOR_LIMITS.linkChars || CONTROL_CHARS.test(value)) return false;
  return ABSOLUTE_LINK.test(value) || SITE_LINK.test(value);
}

/** An image uploaded to this shop (core/uploads.ts names them `/uploads/YYYY/MM/<random>.<ext>`). */
export const UPLOADED_IMAGE = /^\/uploads\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{8,64}\.(?:jpg|png|gif|webp)$/;

/** Text shown on the storefront: one line, no markup. */
const shown = (label: string, max: number) =>
  text(label, max).refine((v) => !/[<>]/.test(v), { error: `${label}不能包含 < 或 > 字符` });
const optionalShown = (label: string, max: number) => shown(label, max).default('');

const link = z
  .string({ error: '链接须为文字' })
  .trim()
  .refine((v) => v === '' || isSafeLink(v), {
    error: '链接只能是 http:// 或 https:// 开头的网址，或以 / 开头的本站地址',
  })
  .default('');

const image = z
  .string({ error: '请上传图片' })
  .trim()
  .min(1, { error: '请上传图片' })
  .regex(UPLOADED_IMAGE, { error: '图片须为本站上传的图片' });

/** A block's own name in the layout (the editor makes it), for selection and reordering. */
const blockKey = z.string({ error: '区块标识无效' }).regex(/^[A-Za-z0-9_-]{1,24}$/, { error: '区块标识无效' });

const idList = (label: string, max: number) =>
  z
    .array(idOf(label), { error: `${label}列表格式不正确` })
    .max(max, { error: `${label}最多 ${max} 个` })
    .refine((ids) => new Set(ids).size === ids.length, { error: `${label}不能重复` })
    .default([]);

export const decorBannerBlock = z.object({
  type: z.literal('banner'),
  key: blockKey,
  height: z.enum(['small', 'medium', 'large'], { error: '轮播图高度不正确' }).default('medium'),
  slides: z
    .array(z.object({ image, link, title: optionalShown('图片标题', 40) }), { error: '轮播图格式不正确' })
    .min(1, { error: '轮播图至少需要一张图片' })
    .max(DECOR_LIMITS.slides, { error: `轮播图最多 ${DECOR_LIMITS.slides} 张` }),
});

export const decorNoticeBlock = z.object({
  type: z.literal('notice'),
  key: blockKey,
  text: shown('公告内容', 200).min(1, { error: '请输入公告内容' }),
  link,
});

export const decorDirsBlock = z
  .object({
    type: z.literal('dirs'),
    key: blockKey,
    title: optionalShown('标题', 30),
    /** all: every directory of the site; chosen: `dirIds` in this order. */
    mode: z.enum(['all', 'chosen'], { error: '目录展示方式不正确' }).default('all'),
    dirIds: idList('目录', DECOR_LIMITS.dirIds),
  })
  .refine((b) => b.mode === 'all' || b.dirIds.length > 0, { error: '请选择要展示的目录', path: ['dirIds'] });

export const decorGoodsBlock = z
  .object({
    type: z.literal('goods'),
    key: blockKey,
    title: optionalShown('标题', 30),
    /** chosen: `goodsIds` in this order; dir: the first `count` goods of `dirId` (or of the whole shop). */
    source: z.enum(['chosen', 'dir'], { error: '商品来源不正确' }).default('dir'),
    goodsIds: idList('商品', DECOR_LIMITS.goodsIds),
    dirId: idOf('目录').nullable().default(null),
    count: z.coerce
      .number({ error: '展示数量须为整数' })
      .int({ error: '展示数量须为整数' })
      .min(1, { error: '展示数量不能小于 1' })
      .max(DECOR_LIMITS.goodsCount, { error: `展示数量不能大于 ${DECOR_LIMITS.goodsCount}` })
      .default(8),
  })
  .refine((b) => b.source === 'dir' || b.goodsIds.length > 0, { error: '请选择要展示的商品', path: ['goodsIds'] });

export const decorRichTextBlock = z.object({
  type: z.literal('richText'),
  key: blockKey,
  /** Sanitised by the server on every save (catalog's description rules); the storefront renders it as HTML. */
  html: z
    .string({ error: '图文内容须为文字' })
    .max(DECOR_LIMITS.richTextChars, { error: `图文内容不能超过 ${DECOR_LIMITS.richTextChars} 个字符` })
    .refine((v) => !CONTROL_CHARS.test(v), { error: '图文内容包含不允许的字符' }),
});

export const DECOR_CONTACT_KINDS = ['qq', 'wechat', 'phone', 'email', 'text'] as const;
export type DecorContactKind = (typeof DECOR_CONTACT_KINDS)[number];
export const DecorContactLabels: Record<DecorContactKind, string> = {
  qq: 'QQ',
  wechat: '微信',
  phone: '电话',
  email: '邮箱',
  text: '其他',
};

export const decorContactsBlock = z.object({
  type: z.literal('contacts'),
  key: blockKey,
  title: optionalShown('标题', 30),
  items: z
    .array(
      z.object({
        kind: z.enum(DECOR_CONTACT_KINDS, { error: '联系方式类型不正确' }),
        value: shown('联系方式', 60).min(1, { error: '请输入联系方式' }),
      }),
      { error: '联系方式格式不正确' },
    )
    .min(1, { error: '请至少添加一种联系方式' })
    .max(DECOR_LIMITS.contacts, { error: `联系方式最多 ${DECOR_LIMITS.contacts} 条` }),
});

export const decorFooterBlock = z.object({
  type: z.literal('footer'),
  key: blockKey,
  text: optionalShown('页脚文字', 200),
  links: z
    .array(
      z.object({
        label: shown('链接文字', 20).min(1, { error: '请输入链接文字' }),
        url: link.refine((v) => v !== '', { error: '请输入链接地址' }),
      }),
      { error: '页脚链接格式不正确' },
    )
    .max(DECOR_LIMITS.footerLinks, { error: `页脚链接最多 ${DECOR_LIMITS.footerLinks} 个` })
    .default([]),
});

export const decorBlock = z.discriminatedUnion(
  'type',
  [
    decorBannerBlock,
    decorNoticeBlock,
    decorDirsBlock,
    decorGoodsBlock,
    decorRichTextBlock,
    decorContactsBlock,
    decorFooterBlock,
  ],
  { error: '区块类型不正确' },
);
export type DecorBlock = z.output<typeof decorBlock>;
export type DecorBannerBlock = z.output<typeof decorBannerBlock>;
export type DecorNoticeBlock = z.output<typeof decorNoticeBlock>;
export type DecorDirsBlock = z.output<typeof decorDirsBlock>;
export type DecorGoodsBlock = z.output<typeof decorGoodsBlock>;
export type DecorRichTextBlock = z.output<typeof decorRichTextBlock>;
export type DecorContactsBlock = z.output<typeof decorContactsBlock>;
export type DecorFooterBlock = z.output<typeof decorFooterBlock>;

/** The blocks of a layout, top to bottom; keys unique. */
export const decorBlocks = z
  .array(decorBlock, { error: '页面布局格式不正确' })
  .max(DECOR_LIMITS.blocks, { error: `页面最多 ${DECOR_LIMITS.blocks} 个区块` })
  .refine((blocks) => new Set(blocks.map((b) => b.key)).size === blocks.length, { error: '区块标识重复' });

/**
 * The layout as one form field: JSON text (or, in a JSON body, the array itself), at most
 * `layoutChars` long, then checked block by block.
 */
const layoutField = z.preprocess((v, ctx) => {
  const textValue = typeof v === 'string' ? v : JSON.stringify(v ?? null);
  if (textValue.length > DECOR_LIMITS.layoutChars) {
    ctx.issues.push({ code: 'custom', message: '页面内容过多，请删减区块或图文', input: v });
    return z.NEVER;
  }
  try {
    return JSON.parse(textValue);
  } catch {
    ctx.issues.push({ code: 'custom', message: '页面布局格式不正确', input: v });
    return z.NEVER;
  }
}, decorBlocks);

const revision = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: '草稿版本无效' })
    .int({ error: '草稿版本无效' })
    .min(0, { error: '草稿版本无效' })
    .max(2_000_000_000, { error: '草稿版本无效' })
    .optional(),
);

/** Only the owner's own site: `path` is the site in the page address; another site's path is refused. */
const sitePath = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: '站点路径无效' })
    .trim()
    .max(64, { error: '站点路径无效' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: '站点路径无效' })
    .optional(),
);

/**
 * Save the draft (and, for publish, make it live). `revision` is the draft the editor loaded: a
 * save over a newer one (another tab, another staff member) is refused instead of lost.
 */
export const decorSaveInput = z.object({
  path: sitePath,
  blocks: layoutField,
  revision,
});
export type DecorSaveInput = z.infer<typeof decorSaveInput>;

export const decorSiteInput = z.object({ path: sitePath });
export const decorVersionsInput = pageQuery.extend({ path: sitePath });
/** Restore an earlier published version: publish it again as the newest (default) or only load it into the draft. */
export const decorRevertInput = z.object({
  path: sitePath,
  number: z.coerce
    .number({ error: '请选择版本' })
    .int({ error: '版本号无效' })
    .min(1, { error: '版本号无效' })
    .max(2_000_000_000, { error: '版本号无效' }),
  publish: flag.default(1),
});

// ---------- answers ----------

/** The published layout the storefront renders; null while the site has none (the default home shows). */
export interface SiteLayoutView {
  number: number;
  publishedAt: string;
  blocks: DecorBlock[];
}

/** What the editor opens with. */
export interface DecorEditorView {
  site: { id: number; title: string; path: string | null };
  draft: { blocks: DecorBlock[]; revision: number; updatedAt: string | null; updatedBy: string };
  /** The live version, or null when nothing was published yet. */
  live: { number: number; publishedAt: string; publishedBy: string } | null;
  /** The draft differs from the live version (something to publish). */
  unpublished: boolean;
}

export interface DecorVersionView {
  number: number;
  blockCount: number;
  publishedAt: string;
  publishedBy: string;
  revertedFrom: number | null;
  live: boolean;
}

/** After a save or publish: the draft's new revision (and the version made live, when publishing). */
export interface DecorSaveAnswer {
  revision: number;
  number: number | null;
}
