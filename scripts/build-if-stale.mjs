// Builds the contract, the server and the web app when their build is missing or older than
// their sources, so `npm start` and `npm test` always run what is in the tree.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const TARGETS = [
  {
    name: 'contract + server',
    inputs: [
      'packages/contract/src',
      'packages/contract/tsconfig.json',
      'server/src',
      'server/tsconfig.json',
      'tsconfig.base.json',
    ],
    stamp: 'server/dist/.build-stamp',
    command: ['npx', ['tsc', '-b', 'packages/contract', 'server']],
  },
  {
    name: 'web',
    inputs: ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'packages/contract/src'],
    stamp: 'web/dist/.build-stamp',
    command: ['npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(ROOT, 'web') }],
  },
];

/** `only`: one target's name (the backup tools need the server, not the web app). */
export function buildIfStale({ quiet = false, only = undefined } = {}) {
  for (const t of TARGETS) {
    if (only && t.name !== only) continue;
    const stamp = path.join(ROOT, t.stamp);
    const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
    const changed = Math.max(...t.inputs.map((i) => newestMtime(path.join(ROOT, i))));
    if (built && built >= changed) continue;
    if (!quiet) process.stdout.write(`正在构建 ${t.name} (building ${t.name}) …\n`);
    const [cmd, args, opts = {}] = t.command;
    const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    if (res.status !== 0) {
      process.stderr.write(`构建失败 (build failed): ${t.name}\n`);
      process.exit(res.status ?? 1);
    }
    writeFileSync(stamp, new Date().toISOString());
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
