import {
  type EndpointParams,
  type EndpointResult,
  type EndpointSpec,
  isSchema,
  type PathParams,
} from '@quire/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { responseJsonSchema, responseSerializer } from './response-serializer';
import { validate } from './validate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The descriptor the route was registered from; the route catalogue records that it has one. */
    endpoint?: EndpointSpec;
  }
}

type SchemaOut<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A route's input, parsed with its descriptor's schemas (a body without a schema is passed on as read). */
export type EndpointInput<E extends EndpointSpec> = {
  params: EndpointParams<E>;
  query: SchemaOut<E['query']>;
  body: SchemaOut<E['body']>;
};

export type EndpointHandler<E extends EndpointSpec> = (
  input: EndpointInput<E>,
  request: FastifyRequest<{ Params: PathParams<E['path']> }>,
  reply: FastifyReply,
) => Promise<E['response'] extends z.ZodType ? EndpointResult<E> | Answered<E> : unknown>;

/** What a handler that answered by itself returns: a stream, or a client that left (streaming endpoints only). */
type Answered<E extends EndpointSpec> = E['stream'] extends true ? FastifyReply | undefined : never;

export type EndpointRouteOptions = {
  config: FastifyContextConfig;
  bodyLimit?: number;
  /** Runs before the input is parsed: a rate limit or permission that must answer first, as it did before. */
  before?: (request: FastifyRequest) => unknown;
};

/**
 * Responses are checked against their zod schema in tests and development, where a mismatch is a 500 that fails
 * the test; production skips that second pass. Everywhere, the answer is serialised from the schema's JSON form
 * (Fastify's response schema), which sends only the fields the contract names.
 */
const CHECK_RESPONSES = process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development';

/**
 * Registers the route of an endpoint descriptor: its method and path, params, query and JSON body parsed
 * with its schemas (invalid input is the usual 400 `validation_error`), the success status, and the
 * handler's payload checked against the response schema and wrapped in `{ data }`. Endpoints whose
 * answer is a file, stream, redirect or upgrade leave the reply to the handler.
 */
export function endpointRoute<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: EndpointHandler<E>,
): void {
  const response = isSchema(endpoint.response) ? endpoint.response : null;
  app.route<{ Params: PathParams<E['path']> }>({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...options.config, endpoint },
    ...(response && {
      schema: { response: { [endpoint.status ?? 200]: responseJsonSchema(endpoint, response) } },
      serializerCompiler: () => responseSerializer(endpoint, response),
    }),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      await options.before?.(request);
      const input = {
        params: endpoint.params ? validate(endpoint.params, request.params) : request.params,
        query: endpoint.query ? validate(endpoint.query, request.query) : request.query,
        body: isSchema(endpoint.body) ? validate(endpoint.body, request.body) : request.body,
      } as EndpointInput<E>;
      if (endpoint.status) reply.code(endpoint.status);
      const result = await handler(input, request, reply);
      // A stream, or a client that left, was answered by the handler already.
      if (reply.sent) return reply;
      if (!isSchema(endpoint.response)) return result;
      if (CHECK_RESPONSES) checkResponse(endpoint, endpoint.response, result);
      return endpoint.envelope === false ? result : { data: result };
    },
  });
}

/** Throws when a payload does not match its endpoint's response schema, naming the endpoint and the fields. */
export function checkResponse(endpoint: EndpointSpec, schema: z.ZodType, payload: unknown): void {
  const checked = schema.safeParse(payload);
  if (checked.success) return;
  throw new Error(
    `The answer of ${endpoint.method} ${endpoint.path} does not match its contract:\n${z.prettifyError(checked.error)}`,
  );
}
