import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler answers exactly the response schema's fields, in its order (toProjectResponse):
     * the answer is written with JSON.stringify (exactAnswerSerializerCompiler).
     */
    exactAnswer?: boolean;
  }
}

type JsonSchema = Record<string, unknown>;

/**
 * An answer already written as JSON text (the member's project page, which its query writes:
 * decision 063). Only a route marked `exactAnswer` writes it: as it is in production, and outside
 * production after checking it against the contract like any other answer of such a route.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** JSON text as the handler's answer, typed as its route's answer (only an `exactAnswer` route takes it). */
export const writtenAnswer = <T>(text: string): T => new JsonText(text) as unknown as T;

const notExactAnswer = (method: string, url: string) => new Error(`${method} ${url} answered JSON text, which only a route marked exactAnswer writes.`);
type Serialize = (data: unknown) => string;

const SIMPLE_KEYS = new Set(['type', 'enum', 'const', 'format', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern']);

/**
 * zod's JSON Schema, made easy for fast-json-stringify: a choice between plain values (a
 * nullable enum is `anyOf: [{ type: 'string', enum }, { type: 'null' }]`) becomes one list of
 * types, so the serializer writes it directly instead of testing each branch with Ajv.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (schema === null || typeof schema !== 'object') return schema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) result[key] = key === 'properties' || key === 'definitions' || key === '$defs' ? mapValues(value, simplify) : simplify(value);
  const choices = result.anyOf ?? result.oneOf;
  if (Array.isArray(choices) && choices.every((choice) => isPlain(choice))) {
    const types = [...new Set(choices.flatMap((choice) => [(choice as JsonSchema).type].flat()))];
    delete result.anyOf;
    delete result.oneOf;
    result.type = types.length === 1 ? types[0] : types;
  }
  return result;
}

function isPlain(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && 'type' in schema && (schema as JsonSchema).type !== 'object' && (schema as JsonSchema).type !== 'array' && Object.keys(schema).every((key) => SIMPLE_KEYS.has(key));
}

function mapValues(value: unknown, map: (item: unknown) => unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, map(item)]));
}

/**
 * The compiled serializer of a response schema (issue 19 item 1), or null when zod cannot say
 * it in JSON Schema (a transform): fast-json-stringify writes only the schema's properties, as
 * zod's parse kept only them, without walking the answer twice.
 */
export function compileFastSerializer(schema: ZodType): Serialize | null {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return null;
  }
  const { $schema: _ignored, ...rest } = json as JsonSchema;
  return fastJson(simplify(rest) as Parameters<typeof fastJson>[0]) as Serialize;
}

/**
 * Fastify's serializer compiler for the zod response schemas. Every answer is written by the
 * compiled serializer; with `check` (development and tests) it is first checked against the
 * contract with zod, so a handler that answers something the contract does not say fails the
 * tests (500, ResponseSerializationError) instead of going out. A schema without a compiled
 * serializer is checked and written by zod and JSON.stringify, as before. Each route's
 * serializer is compiled when it first answers.
 */
export function responseSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url }) => {
    const validated = (data: unknown) => {
      if (data instanceof JsonText) throw notExactAnswer(method, url);
      const result = z.safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
    // Compiled on the route's first answer, not at start (issue 19 item 7: about 0.2 s for every route).
    let serialize: Serialize | undefined;
    const compile = (): Serialize => {
      const fast = compileFastSerializer(schema);
      if (!fast) return (data: unknown) => JSON.stringify(validated(data));
      return check ? (data: unknown) => fast(validated(data)) : fast;
    };
    return (data: unknown) => (serialize ??= compile())(data);
  };
}

/**
 * For a route whose handler builds every answer field by field, in the contract's order, from
 * nothing but the contract's fields (toProjectResponse): JSON.stringify writes the same bytes as
 * the compiled serializer with about a fifth of its garbage (fast-json-stringify concatenates a
 * string per field; issue 42 item 1: the member's project list spent a third of its CPU in the
 * young-generation collector). In production the answer is written as it is; with `check`
 * (development and tests) it is first checked against the contract with zod and then against the
 * compiled serializer's bytes, so a handler that adds a field, drops one or changes their order
 * fails the tests (500, ResponseSerializationError) instead of going out. With `check`, the
 * compiled serializer is made when the route is registered, and a schema that has none (zod cannot
 * say it in JSON Schema) refuses `exactAnswer` there, failing the app's start, rather than leaving
 * the route without the byte comparison. In production nothing is compiled for such a route.
 */
export function exactAnswerSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<ZodType> {
  if (!check) return () => (data: unknown) => (data instanceof JsonText ? data.text : JSON.stringify(data));
  return ({ schema, method, url, httpStatus }) => {
    const fast = compileFastSerializer(schema);
    if (!fast) throw new Error(`${method} ${url} is marked exactAnswer, but its ${httpStatus ?? ''} response schema has no compiled serializer to compare its answers with.`);
    return (data: unknown) => {
      const written = data instanceof JsonText ? data.text : JSON.stringify(data);
      const result = z.safeEncode(schema, data instanceof JsonText ? JSON.parse(written) : data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (written !== fast(result.data)) {
        throw new Error(`${method} ${url} answered other fields, or the contract's in another order, than its response schema says.`);
      }
      return written;
    };
  };
}
