import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection (per cent).
 * Left to itself, a busy process gets up to 4×: 40–60 MB of live objects then take 150–180 MB
 * before the next full collection (docs/benchmarks.md, "Sub-sites"). 30 % (15 MB over 50 MB
 * live) keeps 10,000 sites under load below 200 MB RSS. The price, measured in paired runs on a quiet
 * machine: 2–6 % less throughput than V8's own sizing (goods list −4 %, 10,000 sites in turn −6 %,
 * checkout −2 %). `--heap-growing-percent=0` gives V8's sizing back.
 */
export const HEAP_GROWING_PERCENT = 30;

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
 * The server's heap growth, unless its command line chose one: V8 reads this flag after every full
 * collection, so it takes effect when set at start-up (unlike the young generation's size, which
 * `npm start` passes on the command line: --max-semi-space-size=8, scripts/start.mjs).
 */
export function tuneHeap(): void {
  if (!nodeFlagGiven('heap-growing-percent')) setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
