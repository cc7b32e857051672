import { z } from './zod-setup.js';

/**
 * Field types every schema shares, so one rule holds for every call:
 * - text never carries control characters (a NUL breaks PostgreSQL; the others are never typed
 *   by people). Multi-line fields (card lists, descriptions) keep tab, LF and CR.
 * - ids are positive safe integers written in decimal digits only: `true`, "0x1", "1e0", [1]
 *   and "007" are not ids.
 */

// C0 controls but tab/LF/CR, and DEL: what no typed text contains.
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// Single-line text also refuses tab, LF, CR and the Unicode line separators.
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f\u2028\u2029]/;

/** True when a string holds characters no text field accepts. */
export function hasControlChars(value: string): boolean {
  return CONTROL_CHARS.test(value);
}

/** Single-line text, trimmed, at most `max` characters. */
export const text = (label: string, max: number) =>
  z
    .string({ error: `${label}须为文字` })
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字符` })
    .refine((v) => !LINE_BREAKING.test(v), { error: `${label}包含不允许的字符` });

/** Multi-line text (tab and line breaks kept), at most `max` characters. */
export const multilineText = (label: string, max: number) =>
  z
    .string({ error: `${label}须为文字` })
    .max(max, { error: `${label}不能超过 ${max} 个字符` })
    .refine((v) => !CONTROL_CHARS.test(v), { error: `${label}包含不允许的字符` });

const DECIMAL_ID = /^[1-9]\d{0,15}$/;

/** A positive id from a form field (string) or a JSON number; anything else is refused. */
export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!DECIMAL_ID.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) ? n : undefined;
}

const NOT_AN_ID = Symbol('not an id');

/** A required id with its two messages: missing (blank or absent) and not an id. */
export const strictId = (missing: string, invalid: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : (parseId(v) ?? NOT_AN_ID)),
    z.number({ error: (issue) => (issue.input === undefined ? missing : invalid) }),
  );

/** A required id named for people: `请选择商品` when blank, `商品无效` when not an id. */
export const idOf = (label: string) => strictId(`请选择${label}`, `${label}无效`);
