// The CSL plugin's parts Quire calls (citation-js 0.7 ships no type declarations; see search/citation-js.d.ts).
declare module '@citation-js/core' {
  /** citeproc-js's engine as citation-js prepares it. */
  export type CiteprocEngine = {
    rebuildProcessorState: (
      citations: {
        citationItems: { id: string; locator?: string; label?: string }[];
        properties: { noteIndex: number };
      }[],
      format: string,
      uncited: string[],
    ) => [string, number, string][];
    makeBibliography: () => [Record<string, unknown>, string[]] | false;
  };
  export type CslPluginConfig = {
    engine: (data: CslEntry[], template: string, lang: string | undefined, format: string) => CiteprocEngine;
    templates: {
      add: (name: string, xml: string) => void;
      has: (name: string) => boolean;
      get: (name: string) => string;
    };
    locales: { add: (name: string, xml: string) => void; has: (name: string) => boolean };
  };
  /** plugin-bibtex's settings; `asciiOnly` escapes every non-ASCII character as TeX (and drops those without one). */
  export type BibtexPluginConfig = { format: { asciiOnly: boolean; useIdAsLabel: boolean } };
  export const plugins: {
    config: { get: ((plugin: '@csl') => CslPluginConfig) & ((plugin: '@bibtex') => BibtexPluginConfig) };
  };
}
declare module '@citation-js/plugin-csl';
