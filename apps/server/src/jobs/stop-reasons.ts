/**
 * Why the worker stopped a job before it finished: the reason its AbortSignal carries. A job hands the signal
 * to its work and, when it fires, throws (`signal.throwIfAborted()`) or rejects with `signal.reason`.
 */

/** The job ran past one of its bounds (JOB_TIME_LIMIT_SECONDS, JOB_MEMORY_LIMIT_MB); another attempt would too. */
export class JobLimitExceeded extends Error {
  constructor(
    readonly limit: 'time' | 'memory',
    detail: string,
  ) {
    super(`the job ran past its ${limit} limit (${detail})`);
    this.name = 'JobLimitExceeded';
  }
}

/** The job's row was deleted (its subject was deleted): there is nothing left to do or record. */
export class JobCancelled extends Error {
  constructor() {
    super('the job was cancelled');
    this.name = 'JobCancelled';
  }
}

/** The worker is stopping (the server shuts down): the job goes back to the queue for another instance. */
export class JobInterrupted extends Error {
  constructor() {
    super('the job was interrupted: its worker stopped');
    this.name = 'JobInterrupted';
  }
}

/** The memory or time bound a job ran past, if that is why it failed. */
export function exceededLimit(error: unknown): JobLimitExceeded['limit'] | null {
  return error instanceof JobLimitExceeded ? error.limit : null;
}
