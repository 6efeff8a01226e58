import {
  type CitationStyle,
  GENERATION_INPUTS,
  GENERATION_SLUGS,
  type GenerationEvent,
  type GenerationResult,
  type GenerationSlug,
  type LocaleCode,
  ownAppIdOf,
} from '@quire/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AiGateway } from '../../ai/gateway';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { generations, sources } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { validate } from '../../http/validate';
import { planAfterRollOver } from '../billing/plans.service';
import { assertToolAllowed } from '../billing/tool-access';
import { ownAppTool } from '../own-apps/own-apps.tool';
import type { ResearchDependencies } from '../search/research.service';
import type { GenerationStage, Tool, ToolEngine, ToolOutput, ToolSource } from './engine-types';
import { type GenerationLimits, reserveWithinLimits } from './generation.limits';
import { presentResult } from './generation.present';
import {
  estimateWords,
  keepHolding,
  type Reservation,
  refundWords,
  reserveWords,
  settlementSteps,
} from './generation.quota';
import { checkChosenSources, resolveToolSources } from './generation.sources';
import { chargedWords } from './generation.words';
import { resultColumns } from './generation-row';

// biome-ignore lint/suspicious/noExplicitAny: each engine takes its own tool's inputs, validated by its schema
export type ToolEngines = Partial<Record<GenerationSlug, ToolEngine<any>>>;

export type GenerationDependencies = {
  db: Database;
  /** How many runs one user may start in a minute and have under way. */
  limits: GenerationLimits;
  ai: AiGateway;
  engines: ToolEngines;
  research: ResearchDependencies;
  /** `jobLeaseSeconds`: how long a reservation outlives a process that died mid-run. */
  config: Pick<Config, 'trial' | 'jobLeaseSeconds'>;
};

/** A tool and its validated inputs, ready to run. */
export type PreparedRun = Omit<Tool, 'parseInputs'> & { inputs: Record<string, unknown> };

export type RunOptions = {
  locale: LocaleCode;
  /** Aborted when the client goes away: the engine's model call stops and nothing is charged or stored. */
  signal: AbortSignal;
  /** Receives the stages as they start and the text as it is written. */
  onEvent?: (event: GenerationEvent) => void;
};

/**
 * The tool a slug names for this user: `own-{id}` is one of their own applications, anything else a built-in
 * tool. An unknown tool, or someone else's application, is not found.
 */
export async function resolveTool(deps: GenerationDependencies, userId: string, slug: string): Promise<Tool> {
  const ownAppId = ownAppIdOf(slug);
  if (ownAppId) return ownAppTool({ db: deps.db, ai: deps.ai, userId, appId: ownAppId });
  return builtinTool(deps.engines, slug);
}

function builtinTool(engines: ToolEngines, slug: string): Tool {
  const known = (GENERATION_SLUGS as readonly string[]).includes(slug) ? (slug as GenerationSlug) : undefined;
  const engine = known && engines[known];
  if (!known || !engine) throw new AppError('not_found');
  return {
    slug: known,
    access: known,
    engine,
    parseInputs: (inputs) => validate(GENERATION_INPUTS[known], inputs) as Record<string, unknown>,
  };
}

/** A tool with its inputs validated by the tool's contract. */
export function prepareRun({ parseInputs, ...tool }: Tool, inputs: unknown): PreparedRun {
  return { ...tool, inputs: parseInputs(inputs) };
}

/**
 * What must hold before a run starts (and before a stream opens): the chosen sources are the user's, words
 * are left, and the user is within the generation limits (a batch's later runs are part of the start its
 * first one counted: `limited: false`). Reserves the words the tool will probably write.
 */
export async function beginRun(
  deps: GenerationDependencies,
  run: PreparedRun,
  userId: string,
  { limited = true }: { limited?: boolean } = {},
): Promise<Reservation> {
  const plan = await planAfterRollOver(deps.db, userId, deps.config);
  // Refused on the server for plans without the tool, not only hidden in the app (spec §6).
  assertToolAllowed(plan, run.access);
  await checkChosenSources(deps.db, userId, run.inputs);
  const start = {
    userId,
    planLimit: plan.wordsPerMonth,
    estimate: estimateWords(run.access, run.inputs),
    holdSeconds: deps.config.jobLeaseSeconds,
  };
  return limited ? reserveWithinLimits(deps.db, { ...start, limits: deps.limits }) : reserveWords(deps.db, start);
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
  const holding = holdWhileRunning(deps, reservation);
  try {
    options.signal.throwIfAborted();
    const { output, toolSources, language } = await writeWithTool(deps, run, reservation, options);
    options.signal.throwIfAborted();
    if (output.text.trim().length === 0) throw new AppError('empty_result');
    const citedIds = new Set(output.citations.map((citation) => citation.sourceId));
    const cited = toolSources.filter((source) => citedIds.has(source.id));
    const words = output.notice ? 0 : chargedWords(output.text, cited, language);
    return presentResult(await recordResult(db, { reservation, run, output, words, model: deps.ai.model }));
  } catch (error) {
    await refundWords(db, reservation);
    throw error;
  } finally {
    clearInterval(holding);
  }
}

/** Keeps the reservation's hold from falling due while this process still works on the run. */
function holdWhileRunning({ db, config }: GenerationDependencies, reservation: Reservation): NodeJS.Timeout {
  const seconds = config.jobLeaseSeconds;
  // A missed push is harmless: a hold that falls due early gives the words back, and settling then charges
  // only what was written.
  const timer = setInterval(
    () => void keepHolding(db, reservation, seconds).catch(() => undefined),
    (seconds * 1000) / 3,
  );
  timer.unref();
  return timer;
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
    ? await resolveToolSources({
        ...deps,
        ...options,
        userId: reservation.userId,
        inputs,
        recentByDefault: run.engine.recentSourcesByDefault ?? false,
        question: run.engine.question?.(inputs),
        stage,
      })
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

/**
 * Settles the words, stores the result and marks its cited sources as recently used: all or nothing, as
 * one statement (the settlement and the marking are data-modifying CTEs of the insert), so a run costs a
 * single database round trip at its end.
 */
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
  const [released, settled] = settlementSteps(db, reservation, words);
  const cited = [...new Set(output.citations.map((citation) => citation.sourceId))];
  const marked = db.$with('marked').as(
    db
      .update(sources)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(sources.userId, reservation.userId), inArray(sources.id, cited)))
      .returning({ id: sources.id }),
  );
  const [row] = await db
    .with(released, settled, ...(cited.length > 0 ? [marked] : []))
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
    .returning(resultColumns);
  if (!row) throw new Error('the result was not stored');
  return row;
}
