import { PerformanceObserver, constants } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection (per cent),
 * chosen after each full collection so that the process stays within its memory target
 * (MEMORY_TARGET_MB, decision 0021).
 *
 * Left to itself, a busy process gets up to 4×: 40–60 MB of live objects then take 150–180 MB
 * before the next full collection, and 10,000 sub-sites under load went past 200 MB RSS. A fixed
 * 30 % kept them under it, at 2–8 % of throughput on every load, also in shops where the process
 * had 50 MB and more to spare (docs/benchmarks.md, "Sub-sites" and the checkout sittings of
 * 2026-11-28). So the growth is what the room left under the target allows: with the RSS and the
 * live old generation read just after a collection, the heap may grow by (target − RSS) before the
 * next one, and never by less than 30 %.
 */
export const MIN_GROWING_PERCENT = 30;
/** V8's own largest growth (4×): room for more is left to V8's own sizing (flag value 0). */
export const MAX_GROWING_PERCENT = 300;
/** Steps the growth moves by, so that the flag is not set again after every collection for a few MB. */
const STEP_PERCENT = 10;

/** Whether the process was started with a Node/V8 flag (on its command line or in NODE_OPTIONS). */
export function nodeFlagGiven(
  name: string,
  argv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  const spellings = [name, name.replace(/-/g, '_')];
  return [...argv, ...nodeOptions.split(/\s+/)].some((arg) =>
    spellings.some((s) => arg === `--${s}` || arg.startsWith(`--${s}=`)),
  );
}

/**
 * The growth that keeps the process within `targetMb` until the next full collection, read just
 * after one: RSS now plus what the old generation may still grow must stay under the target. 0
 * means V8's own sizing (room for 4× and more); never less than MIN_GROWING_PERCENT, where V8
 * would collect so often that the process spends its time collecting rather than serving.
 */
export function growingPercentWithin(targetMb: number, rssMb: number, liveOldMb: number): number {
  const room = ((targetMb - rssMb) / Math.max(liveOldMb, 1)) * 100;
  const percent = Math.floor(room / STEP_PERCENT) * STEP_PERCENT;
  if (percent >= MAX_GROWING_PERCENT) return 0;
  return Math.max(MIN_GROWING_PERCENT, percent);
}

/** What the old generation holds (MB): every space but the young generation's. */
function liveOldMb(): number {
  const bytes = getHeapSpaceStatistics()
    .filter((s) => !s.space_name.startsWith('new_'))
    .reduce((sum, s) => sum + s.space_used_size, 0);
  return bytes / 1_048_576;
}

/**
 * Sets the server's heap growth after every full collection within `targetMb` of RSS (0: V8's own
 * sizing, never changed), unless the command line chose a growth itself. V8 reads the flag each
 * time it sets the next collection's limit, so a value set after one collection rules the next.
 * Answers how to stop (tests). `onChange` sees each growth set (tests, logs).
 */
export function tuneHeap(targetMb: number, onChange?: (percent: number) => void): () => void {
  if (targetMb === 0 || nodeFlagGiven('heap-growing-percent')) return () => {};
  let current = -1;
  const set = (percent: number) => {
    if (percent === current) return;
    current = percent;
    setFlagsFromString(`--heap-growing-percent=${percent}`);
    onChange?.(percent);
  };
  set(MIN_GROWING_PERCENT);
  const observer = new PerformanceObserver((list) => {
    const major = list
      .getEntries()
      .some((e) => (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (major) set(growingPercentWithin(targetMb, process.memoryUsage.rss() / 1_048_576, liveOldMb()));
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
}
