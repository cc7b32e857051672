import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: { '@kapu/contract': fileURLToPath(new URL('../packages/contract/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'server',
    // Projects run one after another (2 cores): contract, server, web, then e2e.
    sequence: { groupOrder: 1 },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API suites open their own databases; two cores, so a small pool.
    pool: 'forks',
    maxWorkers: 2,
  },
});
