import { MAX_IMPORT_LINES } from '@kapu/contract';

/** Longest accepted card line; longer lines are counted as invalid and skipped. */
export const MAX_CARD_LENGTH = 1000;
const SEPARATOR = '----';

export interface ParsedCards {
  /** Normalised cards, unique within the batch, in input order. */
  cards: string[];
  /** Non-empty lines read. */
  lines: number;
  duplicates: number;
  invalid: number;
}

/**
 * Normalises one line: "card", "card password" (space or tab) or "card----password" all
 * become "card" or "card----password", so the same card typed two ways dedupes.
 */
export function normaliseCardLine(line: string): string {
  const text = line.trim();
  const at = text.indexOf(SEPARATOR);
  if (at >= 0) {
    const card = text.slice(0, at).trim();
    const password = text.slice(at + SEPARATOR.length).trim();
    return password ? `${card}${SEPARATOR}${password}` : card;
  }
  const parts = text.split(/[ \t]+/);
  return parts.length > 1 ? `${parts[0]}${SEPARATOR}${parts.slice(1).join(' ')}` : text;
}

/** Splits a stored card back into the number and the password for display. */
export function splitCard(card: string): { card: string; password: string } {
  const at = card.indexOf(SEPARATOR);
  return at < 0 ? { card, password: '' } : { card: card.slice(0, at), password: card.slice(at + SEPARATOR.length) };
}

/** Parses an import text; null when it has more lines than one batch may hold. */
export function parseCardLines(text: string): ParsedCards | null {
  const seen = new Set<string>();
  const cards: string[] = [];
  let lines = 0;
  let duplicates = 0;
  let invalid = 0;
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '') continue;
    lines++;
    if (lines > MAX_IMPORT_LINES) return null;
    const card = normaliseCardLine(raw);
    if (card.length > MAX_CARD_LENGTH || card.startsWith(SEPARATOR)) {
      invalid++;
      continue;
    }
    if (seen.has(card)) {
      duplicates++;
      continue;
    }
    seen.add(card);
    cards.push(card);
  }
  return { cards, lines, duplicates, invalid };
}
