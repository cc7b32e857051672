import { Worker } from 'node:worker_threads';

/**
 * Moves WAL checkpoints off the request thread. SQLite runs an automatic checkpoint inside the
 * commit that crosses `wal_autocheckpoint` pages; better-sqlite3 is synchronous, so that commit
 * — copying pages and two fsyncs — stalls every request of the process (measured: most of
 * the average commit time under checkout load). A worker thread with its own connection runs
 * PASSIVE checkpoints (they never block writers or readers) every 200 ms instead. The main
 * connection keeps a large automatic threshold as a backstop should the worker fall behind.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 5000 });
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: next tick */ }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); try { db.close(); } catch {} parentPort.close(); });
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, driverPath: string, everyMs = 200): Checkpointer {
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver: driverPath, everyMs } });
  worker.unref();
  worker.on('error', () => undefined);
  return {
    async stop() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('stop');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 1000).unref())]);
      await worker.terminate();
    },
  };
}
