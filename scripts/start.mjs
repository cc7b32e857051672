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
// once (−60 MB RSS after 50 logins); docs/operations.md says how to set it under systemd or Docker.
const child = spawn(process.execPath, [...process.execArgv, path.join(ROOT, 'server/dist/main.js')], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
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
