import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_GROWING_PERCENT, growingPercentWithin, nodeFlagGiven, tuneHeap } from './heap-tuning.js';

describe('node flags given to the process', () => {
  it('finds a flag on the command line or in NODE_OPTIONS, spelt with - or _', () => {
    expect(nodeFlagGiven('heap-growing-percent', ['--heap-growing-percent=80'], '')).toBe(true);
    expect(nodeFlagGiven('heap-growing-percent', ['--heap_growing_percent=80'], '')).toBe(true);
    expect(nodeFlagGiven('max-semi-space-size', [], '--max-old-space-size=512 --max-semi-space-size=16')).toBe(true);
    expect(nodeFlagGiven('heap-growing-percent', ['--heap-growing-percentage=1', '--trace-gc'], '')).toBe(false);
    expect(nodeFlagGiven('heap-growing-percent', [], '')).toBe(false);
  });
});

describe('the heap growth within a memory target', () => {
  it('lets the old generation grow by the room left under the target, in steps of 10 %', () => {
    // 180 MB target, 140 MB resident, 40 MB live: 40 MB of room is 100 % of what lives.
    expect(growingPercentWithin(180, 140, 40)).toBe(100);
    expect(growingPercentWithin(180, 140, 41)).toBe(90);
    expect(growingPercentWithin(180, 120, 40)).toBe(150);
  });

  it('never goes below 30 %, also when the process is over its target already', () => {
    expect(growingPercentWithin(180, 175, 45)).toBe(MIN_GROWING_PERCENT);
    expect(growingPercentWithin(180, 260, 70)).toBe(MIN_GROWING_PERCENT);
  });

  it('leaves V8 its own sizing (0) when there is room for its largest growth, 4×', () => {
    expect(growingPercentWithin(180, 60, 40)).toBe(0);
    expect(growingPercentWithin(1024, 150, 45)).toBe(0);
    expect(growingPercentWithin(180, 61, 40)).toBe(290);
  });

  it('reads a heap of nearly nothing as 1 MB, not as a division by zero', () => {
    expect(growingPercentWithin(180, 100, 0)).toBe(0);
  });
});

describe('tuning the heap after full collections', () => {
  // A full collection on demand, in this process (the flag exposes gc to new contexts).
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    setFlagsFromString('--heap-growing-percent=0'); // V8's own sizing again for the rest of this worker
  });

  /**
   * The growths each tuner set through one full collection. A tuner with all the room in the world
   * runs beside them: it hands V8 its own sizing once the collection is seen, which is when the
   * others have chosen too (one observer entry reaches every observer).
   */
  async function growthsAfterCollection(...targetsMb: number[]): Promise<number[][]> {
    const witness: number[] = [];
    stops.push(tuneHeap(1_048_576, (percent) => witness.push(percent)));
    const sets = targetsMb.map((targetMb) => {
      const set: number[] = [];
      stops.push(tuneHeap(targetMb, (percent) => set.push(percent)));
      return set;
    });
    collect();
    // The observers hear of the collection after the current task.
    for (let i = 0; i < 100 && witness.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(witness).toEqual([MIN_GROWING_PERCENT, 0]);
    return sets;
  }

  it('starts at 30 % and, after a full collection with all the room in the world, hands V8 its own sizing', async () => {
    // The witness itself is that case; a second tuner with the same target sets the same.
    expect(await growthsAfterCollection(1_048_576)).toEqual([[MIN_GROWING_PERCENT, 0]]);
  });

  it('stays at 30 % when the process holds more than its target already', async () => {
    expect(await growthsAfterCollection(1)).toEqual([[MIN_GROWING_PERCENT]]);
  });

  it('changes nothing with a target of 0 (V8 sizes the heap itself)', async () => {
    expect(await growthsAfterCollection(0)).toEqual([[]]);
  });
});
