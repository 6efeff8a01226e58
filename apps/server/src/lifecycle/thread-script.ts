/**
 * The script of a worker thread named `name`, beside the module at `moduleUrl` (pass `import.meta.url`). Run
 * from the TypeScript sources, that is `<name>.source.mjs`, which registers tsx in the thread; from dist,
 * build.mjs bundles `<name>.ts` as `<name>.js` beside main.js, and every module's `import.meta.url` is main.js.
 */
export function threadScript(name: string, moduleUrl: string): URL {
  return new URL(moduleUrl.endsWith('.ts') ? `./${name}.source.mjs` : `./${name}.js`, moduleUrl);
}
