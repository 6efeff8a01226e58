import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER = 'http://localhost:3000';
const PROXIED_PREFIXES = ['api', 'doc', 'gen', 'oidc', 'healthz', 'readyz'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      treeshake: {
        // The contracts declare their zod schemas at module level. Those calls are pure, and saying so
        // lets the bundler drop zod from chunks that only import constants and helpers (the landing route).
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    port: 5173,
    // Anchored patterns, so a page such as /documents-guide would never be sent to the server by accident.
    proxy: Object.fromEntries(
      PROXIED_PREFIXES.map((prefix) => [`^/${prefix}(?:/|\\?|$)`, { target: SERVER, ws: prefix === 'doc' }]),
    ),
  },
});
