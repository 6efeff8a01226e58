import type { EndpointSpec } from '@quire/contracts';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';

type Serializer = (payload: unknown) => string;

const jsonSchemas = new WeakMap<EndpointSpec, Record<string, unknown>>();
const serializers = new WeakMap<EndpointSpec, Serializer>();

/**
 * The JSON schema of an endpoint's successful answer (the `{ data }` envelope around its response schema),
 * made once per process: every app built in the same process (tests build many) shares it.
 */
export function responseJsonSchema(endpoint: EndpointSpec, schema: z.ZodType): Record<string, unknown> {
  let json = jsonSchemas.get(endpoint);
  if (!json) {
    // The server sends what the schema takes in (the web parses it into the output), hence `input`.
    const payload = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' });
    json = endpoint.envelope === false ? payload : { type: 'object', properties: { data: payload } };
    jsonSchemas.set(endpoint, json);
  }
  return json;
}

/**
 * Fastify's serialiser for the answer, compiled from its JSON schema on first use and then kept: only what the
 * contract names is sent (a field a handler adds by mistake stays home), faster than JSON.stringify.
 */
export function responseSerializer(endpoint: EndpointSpec, schema: z.ZodType): Serializer {
  return (payload) => {
    let serialize = serializers.get(endpoint);
    if (!serialize) {
      serialize = fastJsonStringify(responseJsonSchema(endpoint, schema) as never) as Serializer;
      serializers.set(endpoint, serialize);
    }
    return serialize(payload);
  };
}
