// citation-js 0.7 ships no type declarations; these cover the calls Quire makes.
declare module '@citation-js/core' {
  export type CslName = {
    given?: string;
    family?: string;
    literal?: string;
    suffix?: string;
    'non-dropping-particle'?: string;
    'dropping-particle'?: string;
  };
  export type CslDate = { 'date-parts'?: (number | string)[][]; literal?: string; raw?: string };
  export type CslEntry = {
    id?: string;
    type?: string;
    title?: string;
    author?: CslName[];
    editor?: CslName[];
    issued?: CslDate;
    accessed?: CslDate;
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
    format(format: 'bibtex' | 'biblatex' | 'ris' | 'data', options?: Record<string, unknown>): string;
  }
}
declare module '@citation-js/name' {
  /** A name as typed ("van der Berg, Anna", "Anna van der Berg") → CSL name parts. */
  export function parse(name: string): Record<string, string | undefined>;
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
