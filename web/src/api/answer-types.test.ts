import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Answers are declared once, in @kapu/contract, where the server's builders are checked against them.
// This folder holds request functions and the shapes of what they send: forms, queries, filters.
const REQUEST_SHAPE = /(Form|Query|Filters|Flags|ClientType)$/;

describe('web/src/api', () => {
  it('declares no answer types of its own (they come from @kapu/contract)', () => {
    const dir = import.meta.dirname;
    const declared: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const m of text.matchAll(/^(?:export )?(?:interface|type) (\w+)/gm)) declared.push(`${file}: ${m[1]}`);
    }
    expect(declared.filter((d) => !REQUEST_SHAPE.test(d))).toEqual([]);
    // The guard reads something: the request shapes are still here.
    expect(declared.length).toBeGreaterThan(0);
  });
});
