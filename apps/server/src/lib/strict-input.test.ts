import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictInput } from './strict-input.js';

const keysRefused = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).filter((issue) => issue.code === 'unrecognized_keys').flatMap((issue) => [issue.path.join('.'), ...(issue as { keys: string[] }).keys]);

describe('strictInput', () => {
  it('refuses unknown keys at every depth, through wrappers, pipes, unions and arrays', () => {
    const schema = strictInput(
      z.object({
        contact: z.object({ name: z.string().optional() }).partial().nullish(),
        links: z.array(z.object({ url: z.string() })).optional(),
        either: z.union([z.object({ a: z.string() }), z.literal('')]).optional(),
        shaped: z
          .object({ n: z.number() })
          .transform((value) => value.n)
          .optional(),
      }),
    );
    expect(keysRefused(schema, { extra: 1 })).toEqual(['', 'extra']);
    expect(keysRefused(schema, { contact: { nme: 'x' } })).toEqual(['contact', 'nme']);
    expect(keysRefused(schema, { links: [{ url: 'u', title: 't' }] })).toEqual(['links.0', 'title']);
    expect(keysRefused(schema, { shaped: { n: 1, m: 2 } })).toEqual(['shaped', 'm']);
    expect(schema.safeParse({ either: { a: 'x', b: 'y' } }).success).toBe(false);
    expect(schema.safeParse({ contact: { name: 'Ann' }, links: [{ url: 'u' }], either: '', shaped: { n: 1 } }).data).toEqual({
      contact: { name: 'Ann' },
      links: [{ url: 'u' }],
      either: '',
      shaped: 1,
    });
  });

  it('keeps a catchall chosen on purpose, and leaves the original schema as it was', () => {
    const loose = z.object({ a: z.string() }).loose();
    expect(strictInput(loose).safeParse({ a: 'x', b: 1 }).success).toBe(true);
    const original = z.object({ a: z.string() });
    strictInput(original);
    expect(original.safeParse({ a: 'x', b: 1 }).data).toEqual({ a: 'x' });
  });
});
