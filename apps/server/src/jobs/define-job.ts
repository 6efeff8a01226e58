import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

export type JobContext = {
  job: JobRow;
  db: Database;
  logger: Logger;
  /**
   * Fires when the job must stop: its time or memory bound was passed, its row was deleted (the document it
   * works on was deleted), or the worker is stopping. The reason is one of stop-reasons.ts. Hand it to the
   * work (threads, fetches) so it stops within a second; the worker keeps the job's lease meanwhile.
   */
  signal: AbortSignal;
};

/** A payload is stored as JSON, so its schema describes a JSON object (no transforms that JSON would lose). */
export type JobPayloadSchema = z.ZodType<Record<string, unknown>>;

/**
 * One kind of background work: its name (stored as the job's kind), the schema of its payload, and what it
 * does. `Dependencies` are what the app hands it when it registers the job with the worker (blob store, …).
 */
export type JobDefinition<Schema extends JobPayloadSchema, Dependencies = void> = {
  name: string;
  payload: Schema;
  run: (payload: z.output<Schema>, context: JobContext, dependencies: Dependencies) => Promise<void>;
  /** Called once when the last attempt failed, to leave the job's subject in a clean state. */
  onGiveUp?: (
    payload: z.output<Schema>,
    context: JobContext,
    error: unknown,
    dependencies: Dependencies,
  ) => Promise<void>;
};

export function defineJob<Schema extends JobPayloadSchema, Dependencies = void>(
  definition: JobDefinition<Schema, Dependencies>,
): JobDefinition<Schema, Dependencies> {
  return definition;
}

/** A stored payload checked against its definition: ready to run, or the reason it never can. */
export type PreparedJob =
  | {
      valid: true;
      run: (context: JobContext) => Promise<void>;
      giveUp: (context: JobContext, error: unknown) => Promise<void>;
    }
  | { valid: false; error: InvalidJobPayload };

/** A definition with its dependencies, as the worker runs it, whatever its payload's type. */
export type RegisteredJob = {
  name: string;
  prepare: (storedPayload: unknown) => PreparedJob;
};

/** A payload that does not match its job's schema: a programming error on enqueue, a failed job in the worker. */
export class InvalidJobPayload extends Error {
  constructor(jobName: string, error: z.ZodError) {
    super(`invalid payload for job ${jobName}: ${z.prettifyError(error)}`);
    this.name = 'InvalidJobPayload';
  }
}

/** Hands a definition what it needs, for the worker's list of jobs it runs. */
export function registerJob<Schema extends JobPayloadSchema, Dependencies>(
  definition: JobDefinition<Schema, Dependencies>,
  ...[dependencies]: Dependencies extends void ? [] : [dependencies: Dependencies]
): RegisteredJob {
  const deps = dependencies as Dependencies;
  return {
    name: definition.name,
    prepare: (storedPayload) => {
      const parsed = definition.payload.safeParse(storedPayload);
      if (!parsed.success) return { valid: false, error: new InvalidJobPayload(definition.name, parsed.error) };
      const payload = parsed.data;
      return {
        valid: true,
        run: (context) => definition.run(payload, context, deps),
        giveUp: async (context, error) => definition.onGiveUp?.(payload, context, error, deps),
      };
    },
  };
}
