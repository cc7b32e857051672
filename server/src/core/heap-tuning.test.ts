import { describe, expect, it } from 'vitest';
import { nodeFlagGiven } from './heap-tuning.js';

describe('node flags given to the process', () => {
  it('finds a flag on the command line or in NODE_OPTIONS, spelt with - or _', () => {
    expect(nodeFlagGiven('heap-growing-percent', ['--heap-growing-percent=80'], '')).toBe(true);
    expect(nodeFlagGiven('heap-growing-percent', ['--heap_growing_percent=80'], '')).toBe(true);
    expect(nodeFlagGiven('max-semi-space-size', [], '--max-old-space-size=512 --max-semi-space-size=16')).toBe(true);
    expect(nodeFlagGiven('heap-growing-percent', ['--heap-growing-percentage=1', '--trace-gc'], '')).toBe(false);
    expect(nodeFlagGiven('heap-growing-percent', [], '')).toBe(false);
  });
});
