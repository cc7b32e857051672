import { Worker } from 'node:worker_threads';
import type { SecretBox } from './secret-box.js';

/**
 * Seals card secrets in bulk on a worker thread: AES-256-GCM and the HMAC fingerprint, exactly
 * as SecretBox.seal and SecretBox.fingerprint do (the test compares them), with IVs from the
 * worker's own CSPRNG. A million-card import spent a third of its time there on the request
 * thread; on the worker it runs beside the database inserts, and the server keeps answering
 * other requests meanwhile. Plain JavaScript evaluated in the worker: it needs no build step
 * and runs the same under the tests (TypeScript) and in production (dist/).
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createCipheriv, createHmac, randomFillSync } = require('node:crypto');
const encKey = Buffer.from(workerData.encKey);
const macKey = Buffer.from(workerData.macKey);
const POOL = 12 * 4096;
const ivs = Buffer.alloc(POOL);
let offset = POOL;
function seal(plain) {
  if (offset === POOL) { randomFillSync(ivs); offset = 0; }
  const iv = ivs.subarray(offset, offset + 12);
  offset += 12;
  const cipher = createCipheriv('aes-256-gcm', encKey, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}
parentPort.on('message', ({ id, plains }) => {
  try {
    const secrets = new Array(plains.length);
    const hmacs = new Array(plains.length);
    for (let i = 0; i < plains.length; i++) {
      secrets[i] = seal(plains[i]);
      hmacs[i] = createHmac('sha256', macKey).update(plains[i], 'utf8').digest('hex');
    }
    parentPort.postMessage({ id, secrets, hmacs });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) });
  }
});
`;

export interface Sealed {
  secrets: string[];
  hmacs: string[];
}

/** A worker idle this long is stopped: its heap (tens of MB after a big import) goes back to the system. */
const IDLE_STOP_MS = 5_000;

/** One worker per box, started on first use and stopped when idle; it does not keep the process alive. */
export class SealWorker {
  private worker: Worker | null = null;
  private next = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly pending = new Map<number, { resolve: (s: Sealed) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly box: SecretBox,
    private readonly idleStopMs = IDLE_STOP_MS,
  ) {}

  /** Whether a worker thread is up now (stopped when idle). */
  get running(): boolean {
    return this.worker !== null;
  }

  seal(plains: string[]): Promise<Sealed> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.start();
    const id = ++this.next;
    const answer = new Promise<Sealed>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    worker.postMessage({ id, plains });
    return answer;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const { encKey, macKey } = this.box.bulkKeys;
    // Its heap only ever holds one chunk of cards: keep it small (the import's RSS budget is 500 MB).
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { encKey, macKey },
      resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 96 },
    });
    worker.unref();
    worker.on('message', (m: { id: number; secrets?: string[]; hmacs?: string[]; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (!p) return;
      if (m.error !== undefined) p.reject(new Error(`seal worker: ${m.error}`));
      else p.resolve({ secrets: m.secrets!, hmacs: m.hmacs! });
      if (this.pending.size === 0) this.stopWhenIdle(worker);
    });
    const fail = (err: Error) => {
      if (this.worker !== worker) return; // stopped when idle, or replaced: nothing of it is pending
      this.worker = null;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`seal worker exited with ${code}`)));
    this.worker = worker;
    return worker;
  }

  private stopWhenIdle(worker: Worker): void {
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.worker !== worker || this.pending.size > 0) return;
      this.worker = null;
      void worker.terminate();
    }, this.idleStopMs);
    this.idleTimer.unref();
  }
}

const workers = new WeakMap<SecretBox, SealWorker>();
export function sealWorkerFor(box: SecretBox): SealWorker {
  let w = workers.get(box);
  if (!w) workers.set(box, (w = new SealWorker(box)));
  return w;
}
