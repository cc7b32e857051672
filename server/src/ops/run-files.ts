import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * Each running instance leaves `DATA_DIR/run/<host>-<pid>.json` while it serves, so tools that
 * must not run beside it (restore) can tell. Instances sharing one DATA_DIR each have their own.
 */
export interface RunFile {
  pid: number;
  host: string;
  port: number;
  startedAt: number;
}

const runDir = (dataDir: string) => path.join(dataDir, 'run');

export function writeRunFile(dataDir: string, port: number): () => void {
  mkdirSync(runDir(dataDir), { recursive: true });
  const host = hostname();
  const file = path.join(runDir(dataDir), `${host}-${process.pid}.json`);
  const info: RunFile = { pid: process.pid, host, port, startedAt: Date.now() };
  writeFileSync(file, JSON.stringify(info));
  return () => rmSync(file, { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Instances that look alive: on this host, those whose process still exists (stale files of
 * crashed ones are removed); on other hosts (a shared volume) every file counts, since we
 * cannot look.
 */
export function runningInstances(dataDir: string): RunFile[] {
  let names: string[];
  try {
    names = readdirSync(runDir(dataDir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const found: RunFile[] = [];
  for (const name of names) {
    const file = path.join(runDir(dataDir), name);
    let info: RunFile;
    try {
      info = JSON.parse(readFileSync(file, 'utf8')) as RunFile;
    } catch {
      continue;
    }
    if (info.host !== hostname() || alive(info.pid)) found.push(info);
    else rmSync(file, { force: true });
  }
  return found;
}
