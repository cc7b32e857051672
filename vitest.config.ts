import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'server', 'web', 'e2e'],
  },
});
