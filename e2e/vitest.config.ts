import { defineProject } from 'vitest/config';

// End-to-end: a real server process on a temporary database, driven through system Chromium.
export default defineProject({
  test: {
    name: 'e2e',
    sequence: { groupOrder: 3 },
    include: ['specs/**/*.test.ts'],
    setupFiles: ['support/page-errors.ts'],
    environment: 'node',
    testTimeout: 90_000,
    // Pages load lazily on a busy 2-core machine: give UI polls time.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    hookTimeout: 90_000,
    // One browser at a time on two cores; each file starts its own server.
    fileParallelism: false,
    pool: 'forks',
  },
});
