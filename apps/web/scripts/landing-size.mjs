// Builds the web app and measures the JavaScript the landing route (/) downloads: the entry chunk with
// its static imports, plus the lazy chunks the route loads (landing layout, home page, English
// catalogues) with theirs. Exits with 1 when the gzip total exceeds the budget.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET_BYTES = 120 * 1024;
const root = resolve(import.meta.dirname, '..');
const LANDING_MODULES = [
  'src/app/layouts/LandingLayout.tsx',
  'src/pages/home/HomePage.tsx',
  '\0virtual:quire-catalogue/en/landing',
];

const chunks = [];
await build({
  root,
  // An alternative configuration to compare, e.g. `node scripts/landing-size.mjs other.config.ts`.
  ...(process.argv[2] ? { configFile: resolve(process.argv[2]) } : {}),
  logLevel: 'warn',
  plugins: [
    {
      name: 'quire-collect-chunks',
      generateBundle(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') chunks.push(output);
        }
      },
    },
  ],
});

const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
const needed = new Set();
function collect(chunk) {
  if (needed.has(chunk.fileName)) return;
  needed.add(chunk.fileName);
  for (const file of chunk.imports) collect(byFile.get(file));
}
for (const chunk of chunks.filter((candidate) => candidate.isEntry)) collect(chunk);
for (const module of LANDING_MODULES) {
  const id = module.startsWith('\0') ? module : join(root, module);
  const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
  if (!chunk) throw new Error(`No chunk contains ${module}`);
  collect(chunk);
}

let total = 0;
const rows = [...needed].map((file) => {
  const gzip = gzipSync(readFileSync(join(root, 'dist', file)), { level: 9 }).length;
  total += gzip;
  return { file, gzip };
});
for (const { file, gzip } of rows.sort((a, b) => b.gzip - a.gzip)) {
  process.stdout.write(`${(gzip / 1024).toFixed(2).padStart(8)} KB  ${file}\n`);
}
process.stdout.write(
  `${(total / 1024).toFixed(2).padStart(8)} KB  gzip -9 JavaScript for / (budget ${BUDGET_BYTES / 1024} KB)\n`,
);
if (total > BUDGET_BYTES) process.exitCode = 1;
