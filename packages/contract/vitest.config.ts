import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    // Projects run one after another (2 cores): contract, server, web, then e2e.
    sequence: { groupOrder: 0 },
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
