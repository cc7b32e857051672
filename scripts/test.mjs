// npm test: type check, lint, then every test (unit, API on SQLite + PostgreSQL, end-to-end in
// Chromium), ending with the line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, buildIfStale } from './build-if-stale.mjs';

const run = (cmd, args) => spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env }).status ?? 1;

buildIfStale();
let failedChecks = 0;
let passedChecks = 0;
for (const [label, cmd, args] of [
  ['类型检查 typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['代码检查 lint', 'npm', ['run', '--silent', 'lint']],
]) {
  process.stdout.write(`\n== ${label} ==\n`);
  if (run(cmd, args) === 0) passedChecks++;
  else failedChecks++;
}

const report = path.join(ROOT, 'test-results', 'vitest.json');
rmSync(report, { force: true });
process.stdout.write('\n== 测试 tests ==\n');
const extra = process.argv.slice(2);
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  failed = result.numFailedTests;
  // A suite that failed to load has no failed tests but must still fail the run.
  if (status !== 0 && failed === 0) failed = Math.max(1, result.numFailedTestSuites ?? 1);
} else if (status !== 0) failed = 1;

passed += passedChecks;
failed += failedChecks;
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 || status !== 0 ? 1 : 0);
