/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the api route group; same origin by default. */
  readonly VITE_API_URL?: string;
  /** Base URL of the document service. */
  readonly VITE_DOC_URL?: string;
  /** Base URL of the generation backend. */
  readonly VITE_GEN_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The catalogues of one locale (see catalogue-plugin.ts): `virtual:quire-catalogue/<locale>/<landing|full>`. */
declare module 'virtual:quire-catalogue/*' {
  const bundle: Partial<Record<import('@quire/contracts').Namespace, import('@quire/contracts').Catalogue>>;
  export default bundle;
}
