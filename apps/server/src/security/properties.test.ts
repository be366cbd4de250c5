import { defaultMeterMonths, LOAD_PROFILES } from '@sunin/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tariffInput } from '../db/factories/tariffs.js';
import { meterIntervalImports, tariffs } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { insertLead } from '../modules/referrals/lead-test-data.js';
import { call, ownEverything, type Session } from './resources.js';
import { apiRoutes, arrayDepthOf, elementShapeOf, fillUrl, shapeOf, type ClassifiedRoute } from './routes.js';

/**
 * Property-based input tests (ASVS 1.x / 2.2.1, robustness): for every /api route of the route
 * table, fast-check generates malformed bodies, queries and path parameters from the route's own
 * zod schemas and sends them as the caller the route expects (members with their own ids, admins
 * as an admin). No answer may be a 5xx, and every 4xx is the one error shape.
 */
const RUNS_PER_ROUTE = 30;
let t: TestApp;
let member: Session;
let admin: Session;
/** A member whose token the session-ending routes may spend. */
let spare: Session;
let ids: Record<string, number | string>;
let sent = 0;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '100000', LOGIN_FLOOD_LIMIT_PER_IP: '100000', RESET_RATE_LIMIT_PER_IP: '100000' });
  member = await t.signIn({ account_type: 'sales_partner', subscription_status: 'active' });
  admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
  spare = await t.signIn();
  const victim = await t.signIn();
  ids = await ownEverything(t, member, 'Fuzz Co');
  const account = await call(t, 'POST', '/api/admin/accounts', admin.auth, { account: { user_id: member.user.id, company_name: 'Fuzz Account' } });
  const tariff = await call(t, 'POST', '/api/admin/tariffs', admin.auth, { tariff: tariffInput() });
  Object.assign(ids, {
    'tariffs:id': tariff.json().tariff.id,
    'users:id': victim.user.id,
    'accounts:id': account.json().id,
    'referrals:id': ids['projects:id'],
    'proposal_tickets:id': ids['proposal_tickets:ticketId'],
    // A customer link's token (issue 36): well formed, unknown, so the public routes answer 404.
    'shares:token': 'A'.repeat(43),
    // A pipeline board column (issue 37 item 4).
    'columns:stage': encodeURIComponent('Presentation Ready'),
    // A lead in the admin queue (issue 39), the member's.
    'leads:id': (await insertLead(t.db, { user_id: member.user.id })).id,
  });
}, 60_000);
afterAll(async () => t?.close());


/**
 * Issue 34 item 6: past PostgreSQL's int4 and int8 and past any numeric column, as JSON numbers
 * and as the text of a path or query; days PostgreSQL refuses (year 0000), past its timestamps
 * (294277), past four digits and BC.
 */
const OUT_OF_RANGE_NUMBERS = [2147483648, -2147483649, 9223372036854775808, 1e308, -1e308];
const OUT_OF_RANGE_TEXTS = ['2147483648', '-2147483649', '9223372036854775808', '1e308', '-1e308', '1e-308', '-0'];
const EXTREME_DATES = ['0000-01-01', '10000-01-01', '294277-01-01', '-000001-01-01'];

const HUGE = 'x'.repeat(200_000);
const absurdString = fc.constantFrom('', ' ', '\u0000', '\ud800', '-1', '0', '1e309', 'NaN', 'Infinity', '9'.repeat(400), ...OUT_OF_RANGE_TEXTS, ...EXTREME_DATES, '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '%00', '{}', '[]', 'null', 'true', HUGE);
const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');
const deep = fc.integer({ min: 50, max: 3000 }).map((n) => JSON.parse(`${'['.repeat(n)}${']'.repeat(n)}`) as unknown);
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: absurdString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, -1, 0, 1.5, -0, 1e-308, Number.MAX_SAFE_INTEGER + 2, ...OUT_OF_RANGE_NUMBERS, [], {}) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 50 }) },
);

/** Objects with the schema's keys (wrong types, absurd values, nested the same way) plus strays. */
function malformedObject(shape: Record<string, unknown>, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(shape)) {
    const inner = shapeOf(value);
    // A list of objects (a project's meters): lists of such objects, malformed the same way.
    const element = elementShapeOf(value);
    fields[key] =
      inner && depth < 3
        ? fc.oneof(malformedObject(inner, depth + 1), wrongValue, fc.array(malformedObject(inner, depth + 1), { maxLength: 3 }))
        : element && depth < 3
          ? fc.oneof(fc.array(malformedObject(element, depth + 1), { maxLength: 3 }), wrongValue)
          : wrongValue;
  }
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(fc.oneof(fc.string({ maxLength: 20 }), prototypeKey), wrongValue, { maxKeys: 3 }))
    .map(([known, stray]) => ({ ...stray, ...known }));
}

/** JSON text that pollutes prototypes if a handler merges it naively. */
function prototypeText(shape: Record<string, unknown> | null): fc.Arbitrary<string> {
  const wrappers = Object.keys(shape ?? { x: 1 });
  return fc.tuple(fc.constantFrom(...wrappers), prototypeKey).map(
    ([wrapper, key]) => `{"__proto__":{"polluted":"yes","company_role":"full_access_admin"},"${wrapper}":{"${key}":{"polluted":"yes","prototype":{"polluted":"yes"}},"__proto__":{"polluted":"yes"}}}`,
  );
}

interface Request {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/octet-stream',
  '*/*',
  'application/json, text/html',
];

function bodyFor(route: ClassifiedRoute): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> {
  const shape = shapeOf(route.schema?.body);
  const json = (value: fc.Arbitrary<unknown>) => value.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' }));
  return fc.oneof(
    { weight: 4, arbitrary: json(shape ? malformedObject(shape) : wrongValue) },
    { weight: 2, arbitrary: json(shape ? fc.array(malformedObject(shape), { maxLength: 3 }) : fc.jsonValue()) },
    { weight: 2, arbitrary: json(wrongValue) },
    { weight: 1, arbitrary: prototypeText(shape).map((payload) => ({ payload, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((payload) => ({ payload: `{${payload}`, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...CONTENT_TYPES), fc.oneof(fc.string({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)))).map(([contentType, payload]) => ({ payload, contentType })) },
    { weight: 1, arbitrary: fc.constant({ payload: '', contentType: 'application/json' }) },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 100 }).map((junk) => ({ payload: `--xyz\r\nContent-Disposition: form-data; name="file"; filename="${junk}"\r\n\r\n${junk}\r\n--xyz`, contentType: 'multipart/form-data; boundary=xyz' })),
    },
  );
}

/** encodeURIComponent, with a lone surrogate sent as its (invalid) UTF-8 bytes instead of throwing. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function queryFor(route: ClassifiedRoute): fc.Arbitrary<string> {
  const keys = Object.keys(shapeOf(route.schema?.querystring) ?? {});
  const key = fc.oneof(...(keys.length ? [fc.constantFrom(...keys)] : []), fc.string({ maxLength: 10 }), prototypeKey, fc.constantFrom('a[b]', 'page[]', 'per_page[__proto__]'));
  const value = fc.oneof(absurdString.map((v) => (v.length > 10_000 ? v.slice(0, 10_000) : v)), fc.string({ maxLength: 30 }), fc.constantFrom('%', '%zz', '%E0%A4%A', '+', '&', '=', '%00'));
  return fc.array(fc.tuple(key, value, fc.boolean()), { maxLength: 6 }).map((pairs) =>
    pairs.length === 0 ? '' : `?${pairs.map(([k, v, raw]) => `${encode(k)}=${raw ? v : encode(v)}`).join('&')}`,
  );
}

function paramsFor(route: ClassifiedRoute): fc.Arbitrary<Record<string, string | number>> {
  if (route.params.length === 0) return fc.constant({});
  const absurdId = fc.oneof(fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '99999999999999999999999', 'NaN', '%20', 'null', '%2e%2e', '%00', ...OUT_OF_RANGE_TEXTS), fc.string({ maxLength: 12 }).map(encode));
  const entries = route.params.map((name) => fc.oneof({ weight: 3, arbitrary: fc.constant(ids[name] ?? 1) }, { weight: 1, arbitrary: absurdId }).map((value) => [name, value] as const));
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs));
}

/** Routes that may end the caller's own session: sent as `spare`, so `member` stays signed in. */
const SESSION_ENDING = new Set(['DELETE /api/logout', 'DELETE /api/user/sessions/:id']);

function requestFor(route: ClassifiedRoute): fc.Arbitrary<Request> {
  const session = route.kind === 'admin' ? admin : route.kind === 'member' ? (SESSION_ENDING.has(route.key) ? spare : member) : undefined;
  const withBody = route.method !== 'GET';
  return fc.tuple(paramsFor(route), queryFor(route), withBody ? bodyFor(route) : fc.constant({})).map(([params, query, body]) => {
    const path = fillUrl(route, { ...ids, ...params });
    const headers: Record<string, string> = { ...(session?.auth ?? {}) };
    const { payload, contentType } = body as { payload?: string | Buffer; contentType?: string };
    if (contentType) headers['content-type'] = contentType;
    return { url: `${path}${query}`, headers, ...(payload === undefined ? {} : { payload }) };
  });
}

function expectSane(route: ClassifiedRoute, request: Request, res: Awaited<ReturnType<TestApp['app']['inject']>>) {
  const where = `${route.key} ${request.url.slice(0, 200)} ${String(request.headers['content-type'])} ${String(request.payload).slice(0, 300)}`;
  expect(res.statusCode, `${where}\n-> ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json() as { error: { code: unknown; message: unknown; fields?: unknown } };
    expect(Object.keys(body), where).toEqual(['error']);
    expect(typeof body.error.code, where).toBe('string');
    expect(typeof body.error.message, where).toBe('string');
    expect(Object.keys(body.error).every((key) => ['code', 'message', 'fields'].includes(key)), where).toBe(true);
    if (body.error.fields !== undefined) expect(Object.values(body.error.fields as object).every((v) => typeof v === 'string'), where).toBe(true);
  }
}

describe('malformed input on every route', () => {
  it('never answers 5xx, and every 4xx is the one error shape', async () => {
    const routes = apiRoutes(t.app.routeTable);
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (request) => {
          sent++;
          const res = await t.app.inject({ method: route.method as 'POST', ...request });
          expectSane(route, request, res);
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(3000);
    // Nothing a body said reached a prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).company_role).toBeUndefined();
    // The member's and the admin's sessions are intact, and nobody was made an admin.
    expect((await call(t, 'GET', '/api/user/profile', member.auth)).json().company_role).toBeNull();
    expect((await call(t, 'GET', '/api/admin/users?per_page=1', admin.auth)).statusCode).toBe(200);
  }, 240_000);
});

/**
 * Issue 34 item 6: values beyond PostgreSQL's ranges (int4 and int8 ids, 1e308, years 0000,
 * 10000, 294277 and BC) answer 4xx, never 5xx: each one in every path parameter, every query
 * parameter and every body field of every route (one field at a time, the others absent, so
 * the optional ones reach the database), deterministically rather than by chance as in the
 * run above. A number a write accepted is read back through every GET under it, and a cut
 * connection (a stream destroyed mid-response) counts as a failure.
 */
describe('values outside PostgreSQL ranges on every route', () => {
  let fresh: Session;
  beforeAll(async () => {
    fresh = await t.signIn();
  });

  /** In a body: the numbers, the texts a coerced id or amount reads, and the days. */
  const BODY_VALUES: unknown[] = [...OUT_OF_RANGE_NUMBERS, '2147483648', '1e308', ...EXTREME_DATES];
  /**
   * The leaves of a body shape as paths with their schemas, nested objects followed (at most 3
   * deep), and the objects of a list too (a project's meters): `0` in a path is "the first element".
   */
  function leaves(shape: Record<string, unknown>, prefix: (string | 0)[] = [], depth = 0): [(string | 0)[], unknown][] {
    return Object.entries(shape).flatMap(([key, value]): [(string | 0)[], unknown][] => {
      const inner = shapeOf(value);
      const element = elementShapeOf(value);
      if (inner && depth < 3) return leaves(inner, [...prefix, key], depth + 1);
      if (element && depth < 3) return [[[...prefix, key], value], ...leaves(element, [...prefix, key, 0], depth + 1)];
      return [[[...prefix, key], value]];
    });
  }
  const nest = (path: (string | 0)[], value: unknown): unknown => path.reduceRight<unknown>((inner, key) => (key === 0 ? [inner] : { [key]: inner }), value);
  /** The value where the schema expects it: inside as many arrays as the field has (a meter is 12 months). */
  const placed = (value: unknown, depth: number): unknown => (depth === 0 ? value : depth === 1 ? [value] : [Array.from({ length: 12 }, () => placed(value, depth - 2))]);

  it('answers 4xx in the one error shape to every out-of-range value in every place', async () => {
    const routes = apiRoutes(t.app.routeTable);
    let count = 0;
    const failures: string[] = [];
    for (const route of routes) {
      const session = route.kind === 'admin' ? admin : route.kind === 'member' ? (SESSION_ENDING.has(route.key) ? fresh : member) : undefined;
      const headers = { ...(session?.auth ?? {}) };
      const send = async (url: string, payload?: unknown, method = route.method) => {
        count++;
        const request: Request = { url, headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) };
        // A cut connection (a stream destroyed mid-response) is a failure too, not a crash of the test.
        const res = await t.app.inject({ method: method as 'POST', ...request }).catch((error: Error) => ({ statusCode: 599, body: error.message }) as never);
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${method} ${url} ${String(request.payload).slice(0, 200)} -> ${res.body.slice(0, 200)}`);
        else expectSane(route, request, res);
        return res.statusCode;
      };
      /** A number that was stored must read back too (a kWh of 1e308 once broke the estimate): every GET under the written resource. */
      const readBack = async (url: string) => {
        for (const read of routes) if (read.method === 'GET' && read.kind === route.kind) {
          const readUrl = fillUrl(read, { ...Object.fromEntries(read.params.map((name) => [name, 1])), ...ids });
          if (readUrl.startsWith(url)) await send(readUrl, undefined, 'GET');
        }
      };
      const known = { ...Object.fromEntries(route.params.map((name) => [name, 1])), ...ids };
      for (const param of route.params) {
        for (const value of OUT_OF_RANGE_TEXTS) await send(fillUrl(route, { ...known, [param]: encode(value) }), route.method === 'GET' ? undefined : {});
      }
      const url = fillUrl(route, known);
      for (const key of Object.keys(shapeOf(route.schema?.querystring) ?? {})) {
        for (const value of [...OUT_OF_RANGE_TEXTS, ...EXTREME_DATES]) await send(`${url}?${key}=${encode(value)}`, route.method === 'GET' ? undefined : {});
      }
      const body = shapeOf(route.schema?.body);
      if (route.method === 'GET' || !body) continue;
      for (const [path, schema] of leaves(body)) {
        for (const value of BODY_VALUES) {
          const status = await send(url, nest(path, placed(value, arrayDepthOf(schema))));
          if (status < 300 && typeof value === 'number') await readBack(url);
        }
      }
    }
    expect(count).toBeGreaterThan(4000);
    expect(failures).toEqual([]);
  }, 240_000);
});

/**
 * Issue 35 items 1, 2 and 6: a project body's meters (names, tariffs, load profiles, calendar
 * months, interval imports), kWh and credit fields, mixed valid and invalid the way a form or a
 * script sends them, to the member's create and edit and the admin's edit. No answer is a 5xx or
 * another shape; an accepted write answers one meter per kWh meter, each with real months; a
 * refused edit changes nothing.
 */
describe('project bodies with meters, kWh and credit fields', () => {
  const PROJECT_RUNS = 120;
  let tariffId: number;
  let ownImport: number;
  let foreignImport: number;
  let projectId: number;
  beforeAll(async () => {
    // A project of its own: the routes fuzzed above may have deleted the shared one (DELETE /api/admin/projects/:id).
    projectId = (await call(t, 'POST', '/api/projects', member.auth, { project: { company_name: 'Meter fuzz' } })).json().projectId;
    const [tariff] = await t.db
      .insert(tariffs)
      .values({ name: 'Fuzz tariff', utility: 'Fuzz Power', state: 'CA', effective_date: '2025-01-01', customer_charge_usd: 10, export_credit: 'net_metering', export_rate_usd_per_kwh: 0.05 })
      .returning({ id: tariffs.id });
    // `spare` may have been spent by the session-ending routes above.
    const other = await call(t, 'POST', '/api/projects', (await t.signIn()).auth, { project: { company_name: 'Not the fuzzer' } });
    const kept = (projectId: number) => ({ project_id: projectId, start_seconds: 1_735_689_600, step_seconds: 3600, first_month: '2025-01', last_month: '2025-12', kwh: Buffer.alloc(16) });
    const [own, foreign] = await t.db.insert(meterIntervalImports).values([kept(projectId), kept(other.json().projectId)]).returning({ id: meterIntervalImports.id });
    [tariffId, ownImport, foreignImport] = [tariff!.id, own!.id, foreign!.id];
  });

  const kwh = fc.oneof(fc.integer({ min: 0, max: 60_000_000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(null, '', '12.5', '-3', 'lots', 1e308, -0));
  const kilowattAmounts = fc.oneof({ weight: 4, arbitrary: fc.array(fc.array(kwh, { minLength: 12, maxLength: 12 }), { maxLength: 3 }) }, { weight: 1, arbitrary: wrongValue });
  const months = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 11 }).map((shift) => [...defaultMeterMonths(2024), ...defaultMeterMonths(2025)].slice(shift, shift + 12)) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom('2025-01', '2025-13', '2025-1', '0000-01', '2025-02-29', ''), { minLength: 11, maxLength: 13 }) },
    { weight: 1, arbitrary: wrongValue },
  );
  const meter = fc.record(
    {
      name: fc.oneof(fc.constantFrom('', '  ', 'Main building', 'x'.repeat(101)), wrongValue),
      tariff_id: fc.oneof(fc.constant(null), fc.constant(0).map(() => tariffId), fc.constant(0).map(() => tariffId + 10_000), wrongValue),
      load_profile: fc.oneof(fc.constantFrom(...LOAD_PROFILES), wrongValue),
      months,
      interval_import_id: fc.oneof(fc.constant(null), fc.constant(0).map(() => ownImport), fc.constant(0).map(() => foreignImport), wrongValue),
    },
    { requiredKeys: ['name', 'months'] },
  );
  const day = fc.oneof(fc.constantFrom('2026-07-04', '2027-12-31', '2025-02-29', '', null, ...EXTREME_DATES), wrongValue);
  /** Bodies a form sends: as many meters as kWh meters, tariffs and imports that exist, or not (another project's import). */
  const coherent = fc.integer({ min: 0, max: 3 }).chain((count) =>
    fc.record(
      {
        kilowatt_amounts: fc.array(fc.array(fc.oneof(fc.integer({ min: 0, max: 50_000_000 }), fc.constant(null)), { minLength: 12, maxLength: 12 }), { minLength: count, maxLength: count }),
        meters: fc.array(
          fc.record({
            name: fc.constantFrom('', 'Main building', 'Warehouse'),
            tariff_id: fc.constantFrom(null, null, 'known', 'unknown').map((kind) => (kind === 'known' ? tariffId : kind === 'unknown' ? tariffId + 10_000 : null)),
            load_profile: fc.constantFrom(...LOAD_PROFILES),
            months: fc.integer({ min: 0, max: 11 }).map((shift) => [...defaultMeterMonths(2024), ...defaultMeterMonths(2025)].slice(shift, shift + 12)),
            interval_import_id: fc.constantFrom(null, null, 'own', 'foreign').map((kind) => (kind === 'own' ? ownImport : kind === 'foreign' ? foreignImport : null)),
          }),
          { minLength: count, maxLength: count },
        ),
        construction_start_date: fc.constantFrom('2026-07-04', '2025-02-29', null),
        expected_in_service_date: fc.constantFrom('2027-12-31', ''),
        tax_exempt_owner: fc.boolean(),
      },
      { requiredKeys: ['kilowatt_amounts', 'meters'] },
    ),
  );
  const fuzzy = fc.record(
    {
      kilowatt_amounts: kilowattAmounts,
      meters: fc.oneof({ weight: 4, arbitrary: fc.array(meter, { maxLength: 3 }) }, { weight: 1, arbitrary: wrongValue }),
      construction_start_date: day,
      expected_in_service_date: day,
      itc_prevailing_wage: fc.oneof(fc.boolean(), wrongValue),
      tax_exempt: fc.boolean(),
      tax_exempt_owner: fc.oneof(fc.boolean(), wrongValue),
    },
    { requiredKeys: [] },
  );
  const project = fc.oneof(coherent, fuzzy);

  /** What an accepted write answers: one meter per kWh meter, with 12 real months, and real days. */
  function expectConsistent(answer: { kilowatt_amounts: unknown[]; meters: Array<{ months: string[] }>; construction_start_date: string | null; expected_in_service_date: string | null; tax_exempt: boolean; tax_exempt_owner: boolean }, where: string) {
    expect(answer.meters.length, where).toBe(answer.kilowatt_amounts.length);
    for (const entry of answer.meters) expect(entry.months.every((month) => /^\d{4}-(0[1-9]|1[0-2])$/.test(month)) && entry.months.length === 12, where).toBe(true);
    for (const date of [answer.construction_start_date, answer.expected_in_service_date]) expect(date === null || /^\d{4}-\d{2}-\d{2}$/.test(date), where).toBe(true);
    expect(answer.tax_exempt_owner, where).toBe(answer.tax_exempt);
  }

  it('never answers 5xx, answers consistent meters when it accepts, and changes nothing when it refuses', async () => {
    const projectUrl = `/api/projects/${projectId}`;
    const targets = [
      { method: 'POST', url: '/api/projects', auth: member.auth, read: null },
      { method: 'PATCH', url: projectUrl, auth: member.auth, read: projectUrl },
      { method: 'PUT', url: `/api/admin/projects/${projectId}`, auth: admin.auth, read: projectUrl },
    ] as const;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), project, async (target, body) => {
        const before = target.read ? (await call(t, 'GET', target.read, member.auth)).body : null;
        const res = await t.app.inject({ method: target.method, url: target.url, headers: { ...target.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ project: body }) });
        const where = `${target.method} ${target.url} ${JSON.stringify(body).slice(0, 400)}\n-> ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(Object.keys(res.json()), where).toEqual(['error']);
          if (target.read) expect((await call(t, 'GET', target.read, member.auth)).body, where).toBe(before);
          return;
        }
        accepted++;
        const answer = target.method === 'POST' ? (await call(t, 'GET', `/api/projects/${res.json().projectId}`, member.auth)).json() : res.json();
        expectConsistent(answer, where);
      }),
      { numRuns: PROJECT_RUNS },
    );
    // Not only refusals: the generator reaches the database with valid bodies too.
    expect(accepted).toBeGreaterThan(5);
  }, 120_000);
});

/**
 * Issue 14 item 15: an unknown key in any body (at the top and inside each wrapper object) or
 * query answers 422 and names the key, on every route that validates one. Generated from the
 * route table, so a new route is covered the day it is added.
 */
describe('unknown keys on every route', () => {
  const STRAY = 'zz_misspelled_key';
  /** The malformed-input run above may have spent `spare`: a fresh one for the session-ending routes. */
  let fresh: Session;
  beforeAll(async () => {
    fresh = await t.signIn();
  });

  function sessionFor(route: ClassifiedRoute) {
    return route.kind === 'admin' ? admin : route.kind === 'member' ? (SESSION_ENDING.has(route.key) ? fresh : member) : undefined;
  }

  async function expectNamed(route: ClassifiedRoute, url: string, payload: unknown, name: string) {
    const headers = { ...(sessionFor(route)?.auth ?? {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) };
    const res = await t.app.inject({ method: route.method as 'POST', url, headers, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
    const where = `${route.key} ${url} ${JSON.stringify(payload)}\n-> ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, where).toBe(422);
    const { error } = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
    expect(error.code, where).toBe('validation_failed');
    expect(error.message, where).toContain(name);
    expect(error.fields?.[name], where).toBe('Unknown field.');
  }

  it('answers 422 naming a stray key in every body and every wrapper object', async () => {
    const routes = apiRoutes(t.app.routeTable).filter((route) => route.method !== 'GET' && shapeOf(route.schema?.body));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const url = fillUrl(route, ids);
      const shape = shapeOf(route.schema?.body)!;
      await expectNamed(route, url, { [STRAY]: 'x' }, STRAY);
      for (const [key, value] of Object.entries(shape)) {
        if (shapeOf(value)) await expectNamed(route, url, { [key]: { [STRAY]: 'x' } }, STRAY);
      }
    }
  }, 120_000);

  it('answers 422 naming a stray query parameter on every route with a query schema', async () => {
    const routes = apiRoutes(t.app.routeTable).filter((route) => shapeOf(route.schema?.querystring));
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) await expectNamed(route, `${fillUrl(route, ids)}?${STRAY}=1`, route.method === 'GET' ? undefined : {}, STRAY);
  }, 60_000);
});
