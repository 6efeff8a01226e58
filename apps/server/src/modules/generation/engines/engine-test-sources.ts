import type { CitationStyle, LocaleCode } from '@quire/contracts';
import type { AiGateway } from '../../../ai/gateway';
import { corpusPdf } from '../../../test/corpus';
import { chunkPages } from '../../../text/chunking';
import { detectLanguage } from '../../../text/language';
import { extractPdf } from '../../sources/pdf-extract';
import type { GenerationStage, ToolOutput, ToolRun, ToolSource } from '../engine-types';

/** Test material: real papers of the corpus (FIXTURES_DIR), read and chunked the way the sources module does. */
export const FIXTURE_PAPERS = [
  {
    file: 'scienceparse_map-reduce.pdf',
    title: 'MapReduce: Simplified Data Processing on Large Clusters',
    authors: ['Jeffrey Dean', 'Sanjay Ghemawat'],
    year: 2008,
    venue: 'Communications of the ACM',
    doi: '10.1145/1327452.1327492',
  },
  {
    file: 'grobid_MullenJSSv18i03_timp.pdf',
    title: 'TIMP: An R Package for Modeling Multi-way Spectroscopic Measurements',
    authors: ['Katharine M. Mullen', 'Ivo H. M. van Stokkum'],
    year: 2007,
    venue: 'Journal of Statistical Software',
    doi: null,
  },
  {
    file: 'paperqa_pasa_arxiv2501.10120.pdf',
    title: 'PaSa: An LLM Agent for Comprehensive Academic Paper Search',
    authors: ['Yichen He', 'Guanhua Huang', 'Peiyuan Feng'],
    year: 2025,
    venue: null,
    doi: null,
  },
  {
    file: 'scielo_tinf-33-e200057_es.pdf',
    title: 'Compromiso de los Ayuntamientos Malagueños con la divulgación de información responsable',
    authors: ['María Pache-Durán', 'María Teresa Nevado-Gil'],
    year: 2021,
    venue: 'Transinformação',
    doi: null,
  },
] as const;

const cache = new Map<string, ToolSource>();

/** A fixture paper as the runner would hand it to a tool: every passage, scored by position. */
export async function fixtureSource(paper: (typeof FIXTURE_PAPERS)[number], id = paper.file): Promise<ToolSource> {
  const key = `${paper.file}|${id}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const extracted = await extractPdf(new Uint8Array(corpusPdf(paper.file)));
  const passages = chunkPages(extracted.pages);
  const source: ToolSource = {
    id,
    title: paper.title,
    authors: [...paper.authors],
    year: paper.year,
    venue: paper.venue,
    doi: paper.doi,
    url: null,
    kind: 'paper',
    language: detectLanguage(extracted.pages.join('\n')),
    passages: passages.map((passage, index) => ({
      text: passage.text,
      pageStart: passage.pageStart,
      pageEnd: passage.pageEnd,
      score: 1 / (1 + index / 10),
    })),
  };
  cache.set(key, source);
  return source;
}

export type RecordedRun<Inputs> = ToolRun<Inputs> & { stages: GenerationStage[]; written: string[] };

/** A run as the runner builds it, recording stages and written text. */
export function testRun<Inputs>({
  slug,
  inputs,
  sources = [],
  language = 'en',
  locale = language,
  citationStyle = 'apa7',
  ai = { engine: 'builtin', provider: 'builtin', model: null },
}: {
  slug: string;
  inputs: Inputs;
  sources?: ToolSource[];
  language?: LocaleCode;
  locale?: LocaleCode;
  citationStyle?: CitationStyle;
  ai?: AiGateway;
}): RecordedRun<Inputs> {
  const stages: GenerationStage[] = [];
  const written: string[] = [];
  return {
    slug,
    inputs,
    language,
    locale,
    sources,
    citationStyle,
    ai,
    signal: new AbortController().signal,
    stage: (stage) => stages.push(stage),
    write: (text) => written.push(text),
    stages,
    written,
  };
}

/** The paragraphs of a result's body: the blocks before the reference list, without headings and notes. */
export function bodyParagraphs(output: ToolOutput): string[] {
  const blocks = output.text.split(/\n\n+/);
  const end = blocks.findIndex(
    (block) =>
      block.startsWith('## ') &&
      /^## (References|Works Cited|Literaturverzeichnis|Bibliographie|Referencias|Bibliografia|Literatuurlijst|Zitierte Werke)/.test(
        block,
      ),
  );
  return (end === -1 ? blocks : blocks.slice(0, end)).filter(
    (block) => !block.startsWith('#') && !block.startsWith('_'),
  );
}
