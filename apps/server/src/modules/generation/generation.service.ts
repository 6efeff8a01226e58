import {
  type CitationStyle,
  GENERATION_INPUTS,
  GENERATION_SLUGS,
  type GenerationEvent,
  type GenerationResult,
  type GenerationSlug,
  type LocaleCode,
} from '@quire/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AiGateway } from '../../ai/gateway';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { generations, sources } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { validate } from '../../http/validate';
import type { ResearchDependencies } from '../search/research.service';
import type { GenerationStage, ToolEngine, ToolOutput, ToolSource } from './engine-types';
import { presentResult } from './generation.present';
import {
  currentPlanLimit,
  estimateWords,
  type Reservation,
  refundWords,
  reserveWords,
  settleWords,
} from './generation.quota';
import { checkChosenSources, resolveToolSources } from './generation.sources';
import { chargedWords } from './generation.words';

// biome-ignore lint/suspicious/noExplicitAny: each engine takes its own tool's inputs, validated by its schema
export type ToolEngines = Partial<Record<GenerationSlug, ToolEngine<any>>>;

export type GenerationDependencies = {
  db: Database;
  ai: AiGateway;
  engines: ToolEngines;
  research: ResearchDependencies;
  config: Pick<Config, 'trial'>;
};

/** A tool and its validated inputs, ready to run. */
export type PreparedRun = { slug: GenerationSlug; engine: ToolEngine<unknown>; inputs: Record<string, unknown> };

export type RunOptions = {
  locale: LocaleCode;
  /** Aborted when the client goes away: the engine's model call stops and nothing is charged or stored. */
  signal: AbortSignal;
  /** Receives the stages as they start and the text as it is written. */
  onEvent?: (event: GenerationEvent) => void;
};

/** The tool of this slug with its inputs validated by the tool's contract; an unknown tool is not found. */
export function prepareRun(engines: ToolEngines, slug: string, inputs: unknown): PreparedRun {
  const known = (GENERATION_SLUGS as readonly string[]).includes(slug) ? (slug as GenerationSlug) : undefined;
  const engine = known && engines[known];
  if (!known || !engine) throw new AppError('not_found');
  return { slug: known, engine, inputs: validate(GENERATION_INPUTS[known], inputs) as Record<string, unknown> };
}

/**
 * What must hold before a run starts (and before a stream opens): the chosen sources are the user's, and
 * words are left. Reserves the words the tool will probably write.
 */
export async function beginRun(deps: GenerationDependencies, run: PreparedRun, userId: string): Promise<Reservation> {
  await checkChosenSources(deps.db, userId, run.inputs);
  const planLimit = await currentPlanLimit(deps.db, deps.config, userId);
  return reserveWords(deps.db, { userId, planLimit, estimate: estimateWords(run.slug, run.inputs) });
}

/**
 * Runs a writing tool on a reservation: resolves its sources, lets its engine write, then stores the result
 * and charges the words it really wrote, in one transaction. A failure, an empty text or a client that
 * left gives the reservation back and stores nothing.
 */
export async function runGeneration(
  deps: GenerationDependencies,
  run: PreparedRun,
  reservation: Reservation,
  options: RunOptions,
): Promise<GenerationResult> {
  const { db } = deps;
  try {
    options.signal.throwIfAborted();
    const { output, toolSources, language } = await writeWithTool(deps, run, reservation, options);
    options.signal.throwIfAborted();
    if (output.text.trim().length === 0) throw new AppError('empty_result');
    const citedIds = new Set(output.citations.map((citation) => citation.sourceId));
    const cited = toolSources.filter((source) => citedIds.has(source.id));
    const words = chargedWords(output.text, cited, language);
    return presentResult(await recordResult(db, { reservation, run, output, words, model: deps.ai.model }));
  } catch (error) {
    await refundWords(db, reservation);
    throw error;
  }
}

async function writeWithTool(
  deps: GenerationDependencies,
  run: PreparedRun,
  reservation: Reservation,
  options: RunOptions,
) {
  const { inputs } = run;
  const stage = (name: GenerationStage) => options.onEvent?.({ type: 'stage', stage: name });
  const toolSources: ToolSource[] = run.engine.usesSources
    ? await resolveToolSources({ ...deps, ...options, userId: reservation.userId, slug: run.slug, inputs, stage })
    : [];
  const language = (typeof inputs.language === 'string' ? inputs.language : options.locale) as LocaleCode;
  const output = await run.engine.run({
    slug: run.slug,
    inputs,
    language,
    locale: options.locale,
    sources: toolSources,
    citationStyle: (inputs.citation_style as CitationStyle | undefined) ?? 'apa7',
    ai: deps.ai,
    signal: options.signal,
    stage,
    write: (text) => options.onEvent?.({ type: 'delta', text }),
  });
  return { output, toolSources, language };
}

/** Settles the words, stores the result and marks its cited sources as recently used: all or nothing. */
async function recordResult(
  db: Database,
  {
    reservation,
    run,
    output,
    words,
    model,
  }: { reservation: Reservation; run: PreparedRun; output: ToolOutput; words: number; model: string | null },
) {
  return db.transaction(async (tx) => {
    await settleWords(tx, reservation, words);
    const [row] = await tx
      .insert(generations)
      .values({
        userId: reservation.userId,
        slug: run.slug,
        inputs: run.inputs,
        wordsUsed: words,
        text: output.text,
        citations: output.citations,
        engine: output.engine,
        model: output.engine === 'model' ? model : null,
        items: output.items ?? null,
      })
      .returning();
    const cited = [...new Set(output.citations.map((citation) => citation.sourceId))];
    if (cited.length > 0) {
      await tx
        .update(sources)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(sources.userId, reservation.userId), inArray(sources.id, cited)));
    }
    if (!row) throw new Error('the result was not stored');
    return row;
  });
}
