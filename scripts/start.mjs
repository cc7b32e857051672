// npm start: build what is stale, then run the server (server/dist/main.js) as a child process.
// SIGINT, SIGTERM and SIGHUP are passed on to it and this process exits with its exit code, so
// npm, systemd, Docker and pm2 stop the server itself, not only this wrapper. The child also
// stops when this wrapper dies (its IPC channel closes).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, buildIfStale } from './build-if-stale.mjs';

buildIfStale();

const graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000) || 10_000;
// glibc keeps freed blocks above its (self-raising) mmap threshold in its arenas: every password hash
// (scrypt, 16 MB on a thread-pool thread) would then stay resident. A fixed threshold returns them at
// once (−60 MB RSS after 50 logins); two arenas instead of one per thread (up to 8 per core) leave
// less memory stranded between them (−6 MB under load, docs/benchmarks.md "Sub-sites").
// docs/operations.md says how to set both under systemd or Docker.
// V8's young generation: two semi-spaces of 16 MB each by default on a 64-bit machine. 8 MB each
// save 16 MB RSS for more frequent young collections (what that costs: docs/benchmarks.md, "Sub-sites");
// a flag on the command line or in NODE_OPTIONS wins. The server sets its heap growth itself.
const given = (flag) =>
  [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a.startsWith(flag));
const heapArgs = given('--max-semi-space-size') ? [] : ['--max-semi-space-size=8'];
const child = spawn(process.execPath, [...process.execArgv, ...heapArgs, path.join(ROOT, 'server/dist/main.js')], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2', ...process.env },
});

let forwarded = false;
function stopChild(signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  if (forwarded) return;
  forwarded = true;
  // The server exits by itself after its grace; if it still hangs, end it.
  setTimeout(() => child.kill('SIGKILL'), graceMs + 2_000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopChild(signal));

// `npm start` runs this through `sh -c`; a SIGTERM to npm ends that shell, which does not pass
// the signal on. Losing the parent is therefore a stop request too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stopChild('SIGTERM');
}, 500).unref();

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
child.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (SIGNAL_NUMBERS[signal] ?? 1));
});
child.on('error', (err) => {
  process.stderr.write(`卡铺启动失败 (start failed): ${err.message}\n`);
  process.exit(1);
});
