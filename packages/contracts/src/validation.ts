import type { z } from 'zod';

/**
 * Spec §5 form messages, as catalogue keys under `validation:` with their parameters.
 * Server and web app both describe zod issues this way, so a field reads the same on both sides.
 */
export type ValidationMessage = {
  /** Dotted path of the field, e.g. "inputs.topic". */
  path: string;
  /** The field's own name (last path segment that is not an index), used for its label. */
  field: string;
  key:
    | 'required'
    | 'minLength'
    | 'maxLength'
    | 'tooFewElements'
    | 'tooManyElements'
    | 'tooSmall'
    | 'tooBig'
    | 'invalidUrl'
    | 'invalidEmail'
    | 'invalidOption'
    | 'invalidType'
    | 'invalidJson'
    | 'emailTaken'
    | 'tooManyWords'
    | 'tooFewWords'
    | 'duplicateKey'
    | 'unknownPlaceholder'
    | 'invalid';
  params: Record<string, string | number>;
};

export function describeIssues(error: z.ZodError): ValidationMessage[] {
  return error.issues.map(describeIssue);
}

export function describeIssue(issue: z.core.$ZodIssue): ValidationMessage {
  const path = issue.path.map(String).join('.');
  const field = [...issue.path].reverse().find((segment) => typeof segment === 'string') ?? 'value';
  const base = { path, field: String(field) };
  switch (issue.code) {
    case 'invalid_type':
      return {
        ...base,
        key: issue.input === undefined || issue.input === null ? 'required' : 'invalidType',
        params: {},
      };
    case 'too_small':
      return describeBound(base, issue.origin, Number(issue.minimum), 'min');
    case 'too_big':
      return describeBound(base, issue.origin, Number(issue.maximum), 'max');
    case 'invalid_format':
      if (issue.format === 'url') return { ...base, key: 'invalidUrl', params: {} };
      if (issue.format === 'email') return { ...base, key: 'invalidEmail', params: {} };
      return { ...base, key: 'invalid', params: {} };
    case 'invalid_value':
      return { ...base, key: 'invalidOption', params: { options: issue.values.map(String).join(', ') } };
    case 'custom':
      if (issue.params?.key === 'required') return { ...base, key: 'required', params: {} };
      if (issue.params?.key === 'tooFewWords') {
        return { ...base, key: 'tooFewWords', params: { minimum: Number(issue.params.minimum) } };
      }
      if (issue.params?.key === 'duplicateKey') return { ...base, key: 'duplicateKey', params: {} };
      if (issue.params?.key === 'unknownPlaceholder') {
        return { ...base, key: 'unknownPlaceholder', params: { placeholder: String(issue.params.placeholder) } };
      }
      if (issue.params?.key === 'tooManyWords') {
        return { ...base, key: 'tooManyWords', params: { limit: Number(issue.params.limit) } };
      }
      return { ...base, key: 'invalid', params: {} };
    default:
      return { ...base, key: 'invalid', params: {} };
  }
}

function describeBound(
  base: Pick<ValidationMessage, 'path' | 'field'>,
  origin: string,
  limit: number,
  side: 'min' | 'max',
): ValidationMessage {
  if (origin === 'string') {
    if (side === 'min' && limit <= 1) return { ...base, key: 'required', params: {} };
    return { ...base, key: side === 'min' ? 'minLength' : 'maxLength', params: { length: limit } };
  }
  if (origin === 'array' || origin === 'set') {
    return { ...base, key: side === 'min' ? 'tooFewElements' : 'tooManyElements', params: { count: limit } };
  }
  return { ...base, key: side === 'min' ? 'tooSmall' : 'tooBig', params: { limit } };
}
