// citation-js 0.7 ships no type declarations; these cover the calls Quire makes.
declare module '@citation-js/core' {
  export type CslName = { given?: string; family?: string; literal?: string };
  export type CslEntry = {
    id?: string;
    type?: string;
    title?: string;
    author?: CslName[];
    issued?: { 'date-parts'?: (number | string)[][]; literal?: string };
    'container-title'?: string;
    DOI?: string;
    URL?: string;
    page?: string;
    abstract?: string;
    [field: string]: unknown;
  };
  export class Cite {
    constructor(data?: unknown);
    static async(data: unknown): Promise<Cite>;
    data: CslEntry[];
    format(format: 'bibtex' | 'ris' | 'data', options?: Record<string, unknown>): string;
  }
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
