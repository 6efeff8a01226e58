import { z } from 'zod';
import type { ErrorCode } from './errors';
import type { ServiceGroup } from './service-groups';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A request body no JSON schema describes: a file upload (`multipart`), the error-report tunnel's
 * `text`, or bytes read as they came (`raw`, Stripe's signed events).
 */
export type BodyKind = 'multipart' | 'text' | 'raw';

/**
 * An answer that is not a JSON payload: a file download, a server-sent or chunked stream, a redirect,
 * a protocol upgrade (the live updates' WebSocket), or 204 without a body (`empty`).
 */
export type ResponseKind = 'file' | 'stream' | 'redirect' | 'upgrade' | 'empty';

export type EndpointSpec = {
  method: HttpMethod;
  /** The route group it is served under (`/api`, `/doc`, `/gen`); null for the probes at the root. */
  service: ServiceGroup | null;
  /** Fastify's form, relative to the group: `/cards/decks/:id`. The one place the path is written. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | BodyKind;
  /** The schema of the answer's `data` (or of the whole body when `envelope` is false), or its kind. */
  response: z.ZodType | ResponseKind;
  /** Answers `{ data }` unless false (a body some other party defines, such as Stripe's acknowledgement). */
  envelope?: false;
  /** Also answers as server-sent events when asked with `Accept: text/event-stream` (the JSON answer otherwise). */
  stream?: true;
  /** The success status when it is not 200 (201 for what a call creates). */
  status?: number;
  /** The catalogue codes the endpoint answers besides the ones every route can (validation, auth, limits). */
  errors?: readonly ErrorCode[];
};

/** Declares one endpoint: the server registers its route from it and the web calls it through it. */
export function defineEndpoint<const S extends EndpointSpec>(spec: S): S {
  return spec;
}

/** The path as the server registers it, with its group's prefix: `/api/cards/decks/:id`. */
export function endpointUrl(endpoint: Pick<EndpointSpec, 'service' | 'path'>): string {
  return endpoint.service ? `/${endpoint.service}${endpoint.path}` : endpoint.path;
}

/** The path with its parameters filled in (encoded), relative to the group: `/cards/decks/d%201`. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

/** `{ id: string; cardId: string }` for `/cards/decks/:id/cards/:cardId`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof PathParams<`/${Rest}`>]: string }
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

type SchemaIn<S> = S extends z.ZodType ? z.input<S> : never;
type SchemaOut<S> = S extends z.ZodType ? z.output<S> : never;

/** The path parameters: the params schema's output, else a string for each `:name` in the path. */
export type EndpointParams<E extends EndpointSpec> = E['params'] extends z.ZodType
  ? SchemaOut<E['params']>
  : PathParams<E['path']>;
/** What the caller gives for the path parameters. */
export type EndpointParamsInput<E extends EndpointSpec> = E['params'] extends z.ZodType
  ? SchemaIn<E['params']>
  : PathParams<E['path']>;

/** The answer's payload as the server produces it (the schema's input). */
export type EndpointResult<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? SchemaIn<E['response']>
  : unknown;
/** The answer's payload as the web receives it, parsed (the schema's output). */
export type EndpointResponse<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? SchemaOut<E['response']>
  : unknown;

/** Whether a body or response slot holds a schema (and not one of the kinds no JSON schema describes). */
export function isSchema(value: EndpointSpec['body'] | EndpointSpec['response']): value is z.ZodType {
  return typeof value === 'object' && value !== null;
}

/** What a DELETE answers. */
export const Deleted = z.object({ deleted: z.literal(true) });
