import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { aliases } from './vite.config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: aliases },
  test: {
    name: 'web',
    // Projects run one after another (2 cores): contract, server, web, then e2e.
    sequence: { groupOrder: 2 },
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Lazy route modules compile on first use; on a busy 2-core machine that takes seconds.
    testTimeout: 30_000,
  },
});
