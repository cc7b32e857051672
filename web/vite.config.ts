import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = 'http://127.0.0.1:8080';

/** Shared with vitest.config.ts: the contract is read from source, so it never needs a build. */
export const aliases = {
  '@kapu/contract': fileURLToPath(new URL('../packages/contract/src/index.ts', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

// Pages and API calls share prefixes (GET /inside/index is a page, POST /inside/inter/getAccount
// is an API call), so the proxy decides by method: every non-GET goes to the server, GET only
// for uploads and health checks; any other GET falls through to the SPA.
const byMethod: ProxyOptions = {
  target: API_TARGET,
  changeOrigin: false,
  bypass(req) {
    const url = req.url ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    if (url.startsWith('/uploads/') || url === '/healthz' || url.startsWith('/healthz?')) return undefined;
    return url;
  },
};

const contractDir = fileURLToPath(new URL('../packages/contract/src/', import.meta.url));

/**
 * The contract's schema modules build zod objects at load time, which a bundler must keep
 * unless told the package has no side effects. Marking its modules side-effect free lets the
 * storefront entry take only the constants it uses; pages with forms still get the schemas.
 */
function contractWithoutSideEffects(): Plugin {
  return {
    name: 'kapu-contract-side-effect-free',
    transform(_code, id) {
      return id.startsWith(contractDir) ? { moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), contractWithoutSideEffects()],
  resolve: { alias: aliases },
  server: {
    port: 5173,
    proxy: { '^/.*': byMethod },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
});
