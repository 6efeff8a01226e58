// Bundles the server into dist/main.js, and the scripts of the proofreading, page-reading, OCR and model threads
// into dist/proofreader-worker.js, dist/pdf-text-worker.js, dist/ocr-worker.js, dist/structure-worker.js and
// dist/model-worker.js (worker
// threads load their script by path, beside the module that starts them; see proofreader-pool.ts,
// pdf-text-pool.ts, ocr.ts and model-thread.ts).
// npm packages stay external (installed in node_modules); the workspace's own contracts package is bundled,
// since it ships TypeScript source.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@quire/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    'proofreader-worker': 'src/modules/proofreading/proofreader-worker.ts',
    'pdf-text-worker': 'src/modules/sources/pdf-text-worker.ts',
    'ocr-worker': 'src/modules/sources/ocr-worker.ts',
    'structure-worker': 'src/modules/sources/structure-worker.ts',
    'model-worker': 'src/ai/model-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
