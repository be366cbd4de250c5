import { z } from 'zod';

/**
 * The schema as the server validates a request body or query with it: every object in it, at
 * any depth, refuses keys it does not know (issue 14 item 15: a misspelled key used to be
 * dropped silently, so `{"contact": {"first_nme": "Ann"}}` created an empty contact). The
 * contract's schemas stay as they are, because the web app parses whole form states with them
 * and wants the stray form-only keys stripped; only the server's copy is made strict, once per
 * route, by the validator compiler in app.ts, so no route can forget it.
 *
 * An object that opts out explicitly (`.loose()`/`.passthrough()`, or a catchall) keeps its
 * catchall. Intersections and lazy schemas are left as they are (a strict side of an
 * intersection would refuse the other side's keys).
 */
export function strictInput<T>(schema: T): T {
  return isZodType(schema) ? (strict(schema) as T) : schema;
}

type AnySchema = z.ZodType & { clone(def: object): AnySchema };
interface Def {
  type: string;
  shape?: Record<string, AnySchema>;
  catchall?: AnySchema;
  innerType?: AnySchema;
  in?: AnySchema;
  out?: AnySchema;
  options?: AnySchema[];
  element?: AnySchema;
}

function isZodType(value: unknown): value is AnySchema {
  return typeof value === 'object' && value !== null && '_zod' in value && typeof (value as { clone?: unknown }).clone === 'function';
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

function strict(schema: AnySchema): AnySchema {
  const def = schema._zod.def as unknown as Def;
  if (def.type === 'object' && def.shape) {
    const shape = Object.fromEntries(Object.entries(def.shape).map(([key, value]) => [key, strict(value)]));
    return schema.clone({ ...def, shape, catchall: def.catchall ?? z.never() });
  }
  if (WRAPPERS.has(def.type) && def.innerType) return schema.clone({ ...def, innerType: strict(def.innerType) });
  if (def.type === 'pipe' && def.in && def.out) {
    // `.transform()` pipes the input schema into a transform; `z.preprocess()` the other way round.
    return def.in._zod.def.type === 'transform' ? schema.clone({ ...def, out: strict(def.out) }) : schema.clone({ ...def, in: strict(def.in) });
  }
  if (def.type === 'union' && def.options) return schema.clone({ ...def, options: def.options.map(strict) });
  if (def.type === 'array' && def.element) return schema.clone({ ...def, element: strict(def.element) });
  return schema;
}
