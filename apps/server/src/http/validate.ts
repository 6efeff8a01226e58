import { describeIssues } from '@quire/contracts';
import type { z } from 'zod';
import { AppError } from './app-error';

/** Parses request input with a contracts schema; invalid input becomes a 400 `validation_error` naming each field. */
export function validate<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError('validation_error', { fields: describeIssues(result.error) });
}
