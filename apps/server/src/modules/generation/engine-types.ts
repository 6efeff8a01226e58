import type { CitationStyle, GenerationSlug, LocaleCode, ToolSlug } from '@quire/contracts';
import type { AiGateway } from '../../ai/gateway';
import type { PaperRecord } from '../search/paper-record';

/**
 * The seam between the generation runner (routes, history, quota, sources, streaming) and the tools'
 * engines (what each tool writes, built-in or with a model). The runner resolves the sources and their
 * passages, then hands a tool a `ToolRun`; the tool reports stages and text through it and returns a
 * `ToolOutput`. Engines never touch HTTP, the quota or the history.
 */

/** Spec §4 generation stages, in the order they are streamed. */
export const GENERATION_STAGES = [
  'searching_sources',
  'filtering_sources',
  'processing_sources',
  'creating_plan',
  'writing',
] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

/** A passage of a source, with the page span it came from (null pages for websites and abstracts). */
export type SourcePassage = {
  text: string;
  pageStart: number | null;
  pageEnd: number | null;
  /** Where each later page begins in `text`, so a quoted sentence names its own page (text/chunking.ts). */
  pageBreaks?: readonly number[];
  /** Word ranges of `text` indexed but never quoted: headings, captions, footnotes (text/chunking.ts). */
  unquotable?: readonly number[];
  score: number;
};

/** A usable source given to a tool, with the passages the runner retrieved for the task. */
export type ToolSource = {
  id: string;
  title: string;
  authors: string[];
  year: number | null;
  venue: string | null;
  doi: string | null;
  url: string | null;
  kind: 'document' | 'website' | 'paper';
  language: string | null;
  passages: SourcePassage[];
  /** What the catalogue or imported file said about the source (volume, pages, publisher, …), when known. */
  paper?: PaperRecord | null;
};

/** A citation in a result: which source, which page, the passage it rests on. */
export type ToolCitation = { sourceId: string; page: number | null; passage: string };

export type ToolRun<Inputs> = {
  slug: string;
  /** Inputs already validated with the tool's contract schema. */
  inputs: Inputs;
  /** The language to write in: the tool's `language` input when it has one, else the UI locale. */
  language: LocaleCode;
  /** The UI locale, for messages and notes around the text. */
  locale: LocaleCode;
  sources: ToolSource[];
  citationStyle: CitationStyle;
  ai: AiGateway;
  signal: AbortSignal;
  /** Called as each stage starts. */
  stage: (stage: GenerationStage) => void;
  /** Called with each piece of text as it is written (a built-in engine may emit paragraphs). */
  write: (text: string) => void;
};

export type ToolOutput = {
  /** Markdown. In-text citations are already rendered in the citation style; the reference list is appended. */
  text: string;
  citations: ToolCitation[];
  engine: 'builtin' | 'model';
  /** For list tools (find-topic): the items, also present in `text`. */
  items?: string[];
  /**
   * The engine could not do the task and says so instead (free writing without a model): shown and kept in
   * the history like any result, but no words are charged for it.
   */
  notice?: boolean;
};

export type ToolEngine<Inputs> = {
  slug: string;
  /** Whether the runner must resolve sources (source_type quality / quality_with_sources) before running. */
  usesSources: boolean;
  /** Without sources chosen in its inputs, the tool reads the user's most recently added usable sources. */
  recentSourcesByDefault?: boolean;
  /** What the passages retrieved for the run should be about; by default its topic, focus, prompt and outline. */
  question?: (inputs: Inputs) => string;
  run: (run: ToolRun<Inputs>) => Promise<ToolOutput>;
};

/**
 * A tool the signed-in user can run: a built-in writing tool, or one of their own applications. The runner
 * treats both alike; only resolving the slug differs.
 */
export type Tool = {
  /** The slug its results are stored under. */
  slug: ToolSlug;
  /** The built-in tool whose plan access and word estimate apply (own applications count as freestyle). */
  access: GenerationSlug;
  engine: ToolEngine<unknown>;
  /** Validates a run's inputs with the tool's contract; invalid ones are a `validation_error`. */
  parseInputs: (inputs: unknown) => Record<string, unknown>;
};
