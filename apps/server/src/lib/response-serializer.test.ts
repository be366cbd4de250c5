import { projectSchema, type Project } from '@sunin/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { compileFastSerializer, exactAnswerSerializerCompiler, JsonText, responseSerializerCompiler } from './response-serializer.js';

const project: Project & { password_digest: string } = {
  id: 7,
  account_id: null,
  user_id: 3,
  owner_name: 'Ann "the" Owner',
  company_name: 'Acme </script> Solar',
  industry: 'Manufacturing',
  address_1: '1 Main St',
  address_2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  shade_interference: null,
  shade_interference_details: '',
  type_of_roof: 'Flat Roof',
  age_of_roof: null,
  roof_description: 'Membrane\nroof',
  utility_company: 'Austin Energy',
  utility_account_holder: '',
  utility_account_number: '',
  main_meter_number: '',
  main_panel_amperage: '',
  power_bill_received_status: 'Yes',
  average_monthly_power_bill_cost: '2400',
  additional_utility_notes: '',
  itc_energy_community: false,
  itc_domestic_content: true,
  tax_exempt: false,
  tax_exempt_owner: false,
  itc_prevailing_wage: true,
  construction_start_date: '2026-03-01',
  expected_in_service_date: null,
  kilowatt_amounts: [[1200, null, 1300.5], []],
  // Issue 35: nested objects, a nullable id and a nullable object.
  meters: [
    { name: 'Main "building"', tariff_id: 4, load_profile: 'office', months: ['2024-11', '2024-12'], interval_import_id: 9, interval: { step_minutes: 15, first_month: '2024-11', last_month: '2025-10' } },
    { name: 'Warehouse', tariff_id: null, load_profile: 'warehouse', months: ['2025-01'], interval_import_id: null, interval: null },
  ],
  project_stage: 'Presentation Ready',
  proposal_url: null,
  stage_entered_at: '2026-11-01T10:00:00.000Z',
  stalled: true,
  signed_at: null,
  created_at: '2026-10-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  // Never part of an answer: the contract's properties only.
  password_digest: '$argon2id$secret',
};

/** What zod's parse and JSON.stringify wrote before (fastify-type-provider-zod). */
const throughZod = (schema: ZodType, data: unknown) => JSON.stringify(z.encode(schema, data));

describe('the compiled response serializer (issue 19 item 1)', () => {
  it('writes exactly what zod wrote for a project and a list of them, and nothing outside the contract', () => {
    const one = compileFastSerializer(projectSchema);
    const list = compileFastSerializer(z.array(projectSchema));
    expect(one).not.toBeNull();
    expect(one?.(project)).toBe(throughZod(projectSchema, project));
    expect(list?.([project, { ...project, id: 8, stage_entered_at: null }])).toBe(throughZod(z.array(projectSchema), [project, { ...project, id: 8, stage_entered_at: null }]));
    expect(one?.(project)).not.toContain('argon2');
    expect(JSON.parse(one?.(project) ?? '{}')).toEqual(Object.fromEntries(Object.entries(project).filter(([key]) => key !== 'password_digest')));
  });

  it('writes nullable enums, records and nested choices as zod did', () => {
    const schema = z.object({ role: z.enum(['a', 'b']).nullable(), counts: z.record(z.string(), z.number()), pick: z.discriminatedUnion('k', [z.object({ k: z.literal('x'), v: z.number() }), z.object({ k: z.literal('y') })]) });
    const serialize = compileFastSerializer(schema);
    for (const data of [{ role: null, counts: {}, pick: { k: 'y' } }, { role: 'b', counts: { x: 1, 'y z': 2 }, pick: { k: 'x', v: 3 } }]) expect(serialize?.(data)).toBe(throughZod(schema, data));
  });

  it('leaves a schema zod cannot say in JSON Schema (a Date) to zod and JSON.stringify, as before', () => {
    const schema = z.object({ at: z.date() });
    expect(compileFastSerializer(schema)).toBeNull();
    const serialize = responseSerializerCompiler({ check: false })({ schema, method: 'GET', url: '/x', httpStatus: '200' });
    expect(serialize({ at: new Date('2026-11-24T00:00:00Z'), extra: 1 })).toBe('{"at":"2026-11-24T00:00:00.000Z"}');
    expect(() => serialize({ at: 'not a date' })).toThrow(/Response doesn't match the schema/);
  });

  it('checks an answer against the contract outside production, and only writes it in production', () => {
    const wrong = { ...project, project_stage: 'Not a stage' };
    const checked = responseSerializerCompiler({ check: true })({ schema: projectSchema, method: 'GET', url: '/api/projects/:id', httpStatus: '200' });
    const unchecked = responseSerializerCompiler({ check: false })({ schema: projectSchema, method: 'GET', url: '/api/projects/:id', httpStatus: '200' });
    expect(() => checked(wrong)).toThrow(/Response doesn't match the schema/);
    expect(JSON.parse(unchecked(wrong)).project_stage).toBe('Not a stage');
    expect(checked(project)).toBe(unchecked(project));
  });
});

describe('the exact-answer serializer (issue 42 item 1)', () => {
  // The contract's fields in its order, as toProjectResponse builds them.
  const answer = JSON.parse(compileFastSerializer(projectSchema)?.(project) ?? '{}') as Project;
  const route = { method: 'GET', url: '/api/projects/:id', httpStatus: '200' };

  it('writes with JSON.stringify the bytes the compiled serializer writes, checked outside production', () => {
    const checked = exactAnswerSerializerCompiler({ check: true })({ schema: projectSchema, ...route });
    const unchecked = exactAnswerSerializerCompiler({ check: false })({ schema: projectSchema, ...route });
    const compiled = compileFastSerializer(projectSchema);
    expect(checked(answer)).toBe(compiled?.(answer));
    expect(unchecked(answer)).toBe(compiled?.(answer));
    const list = exactAnswerSerializerCompiler({ check: true })({ schema: z.array(projectSchema), ...route });
    expect(list([answer, { ...answer, id: 8 }])).toBe(compileFastSerializer(z.array(projectSchema))?.([answer, { ...answer, id: 8 }]));
  });

  it('refuses outside production an answer with a field outside the contract, one missing, or its fields in another order', () => {
    const checked = exactAnswerSerializerCompiler({ check: true })({ schema: projectSchema, ...route });
    expect(() => checked(project)).toThrow(/other fields, or the contract's in another order/);
    const { created_at, ...rest } = answer;
    expect(() => checked({ created_at, ...rest })).toThrow(/other fields, or the contract's in another order/);
    expect(() => checked(rest)).toThrow(/Response doesn't match the schema/);
    expect(() => checked({ ...answer, project_stage: 'Not a stage' })).toThrow(/Response doesn't match the schema/);
  });

  it('writes JSON text as it is, and checks it outside production as any other answer (decision 063)', () => {
    const text = JSON.stringify(answer);
    for (const check of [true, false]) expect(exactAnswerSerializerCompiler({ check })({ schema: projectSchema, ...route })(new JsonText(text))).toBe(text);
    const checked = exactAnswerSerializerCompiler({ check: true })({ schema: projectSchema, ...route });
    const { created_at, ...rest } = answer;
    expect(() => checked(new JsonText(JSON.stringify({ created_at, ...rest })))).toThrow(/other fields, or the contract's in another order/);
    expect(() => checked(new JsonText(JSON.stringify(answer, null, 1)))).toThrow(/other fields, or the contract's in another order/);
    expect(() => checked(new JsonText(JSON.stringify({ ...answer, stalled: 'no' })))).toThrow(/Response doesn't match the schema/);
    // A route not marked exactAnswer would write the object's fields: refused outside production.
    expect(() => responseSerializerCompiler({ check: true })({ schema: projectSchema, ...route })(new JsonText(text))).toThrow(/only a route marked exactAnswer writes/);
  });

  it('refuses exactAnswer outside production for a schema without a compiled serializer, when the route is registered', async () => {
    // A transform: zod cannot say it in JSON Schema, so there is nothing to compare the bytes with.
    const unrepresentable = z.object({ name: z.string().transform((name) => name.length) });
    expect(compileFastSerializer(unrepresentable)).toBeNull();
    expect(() => exactAnswerSerializerCompiler({ check: true })({ schema: unrepresentable, ...route })).toThrow(/marked exactAnswer, but its 200 response schema has no compiled serializer/);
    // In an app: its start fails, naming the route.
    const app = Fastify();
    app.setSerializerCompiler(exactAnswerSerializerCompiler({ check: true }));
    app.get('/transformed', { schema: { response: { 200: unrepresentable } } }, async () => ({ name: 'x' }));
    await expect(app.ready()).rejects.toThrow(/GET \/transformed is marked exactAnswer/);
    await app.close();
  });
});

describe('every route', () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(async () => t?.close());

  it('has a compiled serializer for each of its response schemas', () => {
    const slow: string[] = [];
    for (const route of t.app.routeTable) {
      const responses = (route.schema?.response ?? {}) as Record<string, ZodType>;
      for (const [status, schema] of Object.entries(responses)) if (!compileFastSerializer(schema)) slow.push(`${route.method} ${route.url} ${status}`);
    }
    expect(slow).toEqual([]);
    expect(t.app.routeTable.filter((route) => route.schema?.response).length).toBeGreaterThan(50);
  });
});
