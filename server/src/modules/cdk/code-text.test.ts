import { CDK_ALPHABET, CDK_LENGTH, CDK_SHORT_LENGTH } from '@kapu/contract';
import { describe, expect, it } from 'vitest';
import { cdkBatchMachine, cdkCodeMachine } from './cdk-machine.js';
import { freshCodes, groupCode, hintOf, maskedHint, normaliseCode, shortLink } from './code-text.js';

describe('redemption code text', () => {
  it('draws codes of 24 letters and short ids of 10 from the unambiguous alphabet, all different', () => {
    const drawn = freshCodes(20_000);
    const letters = new RegExp(`^[${CDK_ALPHABET}]+$`);
    for (const { code, short } of drawn) {
      expect(code).toHaveLength(CDK_LENGTH);
      expect(short).toHaveLength(CDK_SHORT_LENGTH);
      expect(code).toMatch(letters);
      expect(short).toMatch(letters);
    }
    expect(new Set(drawn.map((d) => d.code)).size).toBe(drawn.length);
    expect(new Set(drawn.map((d) => d.short)).size).toBe(drawn.length);
    // Every letter of the alphabet turns up (5 bits per letter, none favoured away).
    expect(new Set(drawn.map((d) => d.code).join('')).size).toBe(32);
    expect(CDK_ALPHABET).not.toMatch(/[01IO]/);
  });

  it('forgives case, spaces and separators, and refuses anything else', () => {
    const code = 'ABCDEFGH23456789JKLMNPQR';
    expect(normaliseCode('abcd-efgh-2345-6789-jklm-npqr')).toBe(code);
    expect(normaliseCode(' ABCD EFGH 2345 6789 JKLM NPQR ')).toBe(code);
    expect(normaliseCode('ABCD_EFGH.2345—6789·JKLM-NPQR')).toBe(code);
    expect(normaliseCode('ABCD-EFGH-2345-6789-JKLM-NPQ')).toBeUndefined(); // 23 letters
    expect(normaliseCode('ABCD-EFGH-2345-6789-JKLM-NPQRS')).toBeUndefined(); // 25
    expect(normaliseCode('ABCD-EFGH-2345-6789-JKLM-NPQ0')).toBeUndefined(); // 0 is not a letter of codes
    expect(normaliseCode('ABCD-EFGH-2345-6789-JKLM-NPQI')).toBeUndefined();
    expect(normaliseCode("ABCD-EFGH-2345-6789-JKLM-NPQ'")).toBeUndefined();
    expect(normaliseCode('')).toBeUndefined();
  });

  it('groups, masks and links a code', () => {
    const code = 'ABCDEFGH23456789JKLMNPQR';
    expect(groupCode(code)).toBe('ABCD-EFGH-2345-6789-JKLM-NPQR');
    expect(hintOf(code)).toBe('ABCDNPQR');
    expect(maskedHint(hintOf(code))).toBe('ABCD-****-****-****-****-NPQR');
    expect(shortLink('/shop', 'XY23456789', code)).toBe('/shop/cdk/short/XY23456789#ABCD-EFGH-2345-6789-JKLM-NPQR');
  });

  it('a code is used or voided once, never back; a batch is voided once', () => {
    expect(cdkCodeMachine.can('active', 'used')).toBe(true);
    expect(cdkCodeMachine.can('active', 'voided')).toBe(true);
    expect(cdkCodeMachine.can('used', 'voided')).toBe(false);
    expect(cdkCodeMachine.can('voided', 'active')).toBe(false);
    expect(cdkCodeMachine.finals().sort()).toEqual(['used', 'voided']);
    expect(cdkBatchMachine.finals()).toEqual(['voided']);
  });
});
