import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogues } from './catalogue-plugin.ts';

const SERVER = 'http://localhost:3000';
const PROXIED_PREFIXES = ['api', 'doc', 'gen', 'oidc', 'healthz', 'readyz'];

export default defineConfig({
  plugins: [react(), catalogues()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Every browser we support knows modulepreload; one small stylesheet, loaded with the page, avoids a
    // flash of unstyled layout when a lazy layout arrives.
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    rolldownOptions: {
      treeshake: {
        // The contracts declare their zod schemas at module level. Those calls are pure, and saying so
        // lets the bundler drop zod from chunks that only import constants and helpers (the landing route).
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry needs in one file, rather than a vendor chunk plus an app chunk.
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The landing route's layout and home page with what they import: one request for the first visit.
            {
              name: 'landing-page',
              test: /src[\\/](app[\\/]layouts[\\/]LandingLayout|pages[\\/]home[\\/]|features[\\/]auth[\\/]HeaderAccount)/,
              priority: 1,
            },
          ],
        },
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
