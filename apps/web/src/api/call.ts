import {
  type EndpointParamsInput,
  type EndpointResponse,
  type EndpointSpec,
  fillPath,
  isSchema,
} from '@quire/contracts';
import type { z } from 'zod';
import { translate } from '../i18n/i18n';
import { ApiError, apiRequest, type QueryValue, type RequestOptions } from './client';

type SchemaIn<S> = S extends z.ZodType ? z.input<S> : never;
type HasKeys<T> = keyof T extends never ? false : true;

/** What a call sends: the path parameters, query and body its descriptor declares, and nothing else. */
export type CallInput<E extends EndpointSpec> = (HasKeys<EndpointParamsInput<E>> extends true
  ? { params: EndpointParamsInput<E> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: SchemaIn<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType
    ? { body: SchemaIn<E['body']> }
    : E['body'] extends 'multipart'
      ? { body: FormData }
      : { body?: undefined });

export type CallOptions = Pick<RequestOptions, 'signal' | 'headers' | 'anonymous'>;

/**
 * Calls an endpoint through its descriptor: fills in its path, sends its query and body, and answers the
 * payload parsed with its response schema, so a wrong answer fails here as `request_failed` instead of
 * deep in a component. Endpoints without a JSON answer (files, streams) have their own transports.
 */
export async function call<E extends EndpointSpec>(
  endpoint: E,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<EndpointResponse<E>> {
  if (!endpoint.service) throw new Error(`${endpoint.path} is not served under a route group`);
  const payload = await apiRequest<unknown>(fillPath(endpoint.path, input.params as Record<string, string>), {
    ...options,
    method: endpoint.method,
    service: endpoint.service,
    query: input.query as Record<string, QueryValue> | undefined,
    body: input.body,
  });
  return parseAnswer(endpoint, payload);
}

/**
 * An answer's payload parsed with its endpoint's response schema, for `call` and for transports it does not cover
 * (an upload that reports its progress). An answer that breaks the contract fails as `request_failed`.
 */
export function parseAnswer<E extends EndpointSpec>(endpoint: E, payload: unknown): EndpointResponse<E> {
  if (!isSchema(endpoint.response)) return payload as EndpointResponse<E>;
  const parsed = endpoint.response.safeParse(payload);
  if (parsed.success) return parsed.data as EndpointResponse<E>;
  console.warn(`The answer of ${endpoint.method} ${endpoint.path} does not match its contract`, parsed.error);
  throw new ApiError({ code: 'request_failed', status: 200, message: translate('errors:request_failed') });
}

/** The path of an endpoint with its parameters filled in, for transports `call` does not cover. */
export function endpointPath<E extends EndpointSpec>(endpoint: E, params: EndpointParamsInput<E>): string {
  return fillPath(endpoint.path, params as Record<string, string>);
}
