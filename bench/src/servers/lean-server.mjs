// The reference for the API table (issue 19 item 1, issue 42 item 1): the same work as the
// portal's GET /api/projects and GET /api/projects/:id, written with nothing but fastify, pg and
// jose, and with the same two caches the portal keeps, so that the comparison is of the same
// semantics ("the same-semantics lean server"):
// - a verified token's claims, keyed by the whole token, for 5 minutes and never past its exp,
//   at most 20,000, oldest out (apps/server/src/lib/tokens.ts AccessTokens.verify);
// - the user and session row read in one prepared query, kept per jti for 5 seconds
//   (SESSION_CACHE_SECONDS), at most 20,000, oldest out; an entry in the last fifth of its life
//   answers the request and starts one read in the background that replaces it; an entry whose
//   session has gone idle is not used; an ended or idle session is refused (an idle one ended),
//   and "last used" is written when it is more than a minute old
//   (apps/server/src/modules/auth/sessions.service.ts authenticate and session-cache.ts).
// Only the drops the portal takes from its bus (a session ended or a user changed elsewhere)
// have no counterpart: nothing changes sessions while the bench reads.
// Then one prepared query for the page (or the project) with everything the answer needs: the
// owner's name, the time the project entered its stage, the total from the per-member counts
// and the stall thresholds; it answers the same JSON fields with the same X-Total-Count and
// Link headers. Plain JavaScript under plain node, like the built server.
// Env: PORT, DATABASE_URL, JWT_SECRET.
// The stall rule is the contract's (a pure function), so both servers answer the same `stalled`.
import { DEFAULT_STALL_THRESHOLDS, defaultMeter, isProjectStalled } from '@sunin/contract';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

const AUDIENCE = 'sunin-partner-portal';
/** The portal's defaults: SESSION_IDLE_TIMEOUT_MINUTES, SESSION_CACHE_SECONDS, the touch interval and the verified-claims cache. */
const IDLE_TIMEOUT_MS = 60 * 60_000;
const SESSION_CACHE_MS = 5_000;
const REFRESH_AFTER = 0.8;
const TOUCH_INTERVAL_MS = 60_000;
const VERIFIED_FOR_MS = 5 * 60_000;
const CACHE_MAX = 20_000;

const key = new TextEncoder().encode(process.env.JWT_SECRET);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const PROJECT_COLUMNS = `p.id, p.account_id, p.user_id, p.company_name, p.industry, p.address_1, p.address_2, p.city, p.state, p.zip,
  p.shade_interference, p.shade_interference_details, p.type_of_roof, p.age_of_roof, p.roof_description, p.utility_company,
  p.utility_account_holder, p.utility_account_number, p.main_meter_number, p.main_panel_amperage, p.power_bill_received_status,
  p.average_monthly_power_bill_cost, p.additional_utility_notes, p.itc_energy_community, p.itc_domestic_content, p.tax_exempt,
  p.kilowatt_amounts, p.project_stage, p.proposal_url, p.stage_entered_at, p.created_at, p.updated_at,
  p.itc_prevailing_wage, p.construction_start_date::text as construction_start_date, p.expected_in_service_date::text as expected_in_service_date, p.meters, p.signed_at,
  trim(u.first_name || ' ' || u.last_name) as owner_name,
  (select s.value from settings s where s.name = 'stall_thresholds') as stall_thresholds`;

const AUTH = { name: 'lean_auth', text: 'select u.*, s.id as session_id, s.ended_at, s.last_used_at from users u join sessions s on s.user_id = u.id and s.jti = $2 where u.id = $1 limit 1' };
const PAGE = {
  name: 'lean_page',
  text: `select ${PROJECT_COLUMNS}, (select coalesce(sum(pc.n), 0)::int from project_counts pc where pc.user_id = $1) as total
    from projects p join users u on u.id = p.user_id where p.user_id = $1 order by p.updated_at desc, p.id desc limit $2 offset $3`,
};
const TOUCH = { name: 'lean_touch', text: 'update sessions set last_used_at = $1 where id = $2' };
const END_IDLE = { name: 'lean_end_idle', text: "update sessions set ended_at = now(), end_reason = 'idle' where id = $1 and ended_at is null" };
const ONE = { name: 'lean_one', text: `select ${PROJECT_COLUMNS} from projects p join users u on u.id = p.user_id where p.id = $1 and p.user_id = $2 limit 1` };

class Unauthorized extends Error {}

/** token -> { claims, until } */
const verified = new Map();
/** jti -> { value: { user, lastUsedAt }, expiresAt, refreshAt, refreshing } */
const sessionCache = new Map();

async function verifyToken(token, now) {
  const known = verified.get(token);
  if (known && known.until > now) return known.claims;
  if (known) verified.delete(token);
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE, currentDate: new Date(now) }));
  } catch {
    return null;
  }
  if (typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub) || typeof payload.jti !== 'string' || typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null;
  const claims = { sub: payload.sub, jti: payload.jti, iat: payload.iat, exp: payload.exp };
  if (claims.exp * 1000 > now) {
    if (verified.size >= CACHE_MAX) verified.delete(verified.keys().next().value);
    verified.set(token, { claims, until: Math.min(claims.exp * 1000, now + VERIFIED_FOR_MS) });
  }
  return claims;
}

async function readSession(claims, now) {
  const { rows } = await pool.query({ ...AUTH, values: [Number(claims.sub), claims.jti] });
  const row = rows[0];
  if (!row || row.ended_at) throw new Unauthorized();
  const { session_id: sessionId, ended_at: _ended, last_used_at: lastUsed, ...user } = row;
  let lastUsedAt = lastUsed.getTime();
  const idleFor = now - lastUsedAt;
  if (idleFor > IDLE_TIMEOUT_MS) {
    await pool.query({ ...END_IDLE, values: [sessionId] });
    sessionCache.delete(claims.jti);
    throw new Unauthorized();
  }
  if (idleFor > TOUCH_INTERVAL_MS) {
    await pool.query({ ...TOUCH, values: [new Date(now), sessionId] });
    lastUsedAt = now;
  }
  const value = Object.freeze({ user: Object.freeze(user), lastUsedAt });
  if (!sessionCache.has(claims.jti) && sessionCache.size >= CACHE_MAX) sessionCache.delete(sessionCache.keys().next().value);
  sessionCache.set(claims.jti, { value, expiresAt: now + SESSION_CACHE_MS, refreshAt: now + SESSION_CACHE_MS * REFRESH_AFTER, refreshing: false });
  return user;
}

async function authenticate(header) {
  const bearer = typeof header === 'string' ? /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/.exec(header)?.[1] : undefined;
  const claims = bearer ? await verifyToken(bearer, Date.now()) : null;
  if (!claims) throw new Unauthorized();
  const now = Date.now();
  let entry = sessionCache.get(claims.jti);
  if (entry && entry.expiresAt <= now) {
    sessionCache.delete(claims.jti);
    entry = undefined;
  }
  if (entry && now - entry.value.lastUsedAt <= IDLE_TIMEOUT_MS) {
    if (!entry.refreshing && now >= entry.refreshAt) {
      entry.refreshing = true;
      readSession(claims, now).catch((error) => {
        if (error instanceof Unauthorized) sessionCache.delete(claims.jti);
      });
    }
    return entry.value.user;
  }
  return readSession(claims, now);
}

function toProject(row, now) {
  return {
    id: row.id,
    account_id: row.account_id,
    user_id: row.user_id,
    owner_name: row.owner_name,
    company_name: row.company_name,
    industry: row.industry,
    address_1: row.address_1,
    address_2: row.address_2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    shade_interference: row.shade_interference,
    shade_interference_details: row.shade_interference_details,
    type_of_roof: row.type_of_roof,
    age_of_roof: row.age_of_roof,
    roof_description: row.roof_description,
    utility_company: row.utility_company,
    utility_account_holder: row.utility_account_holder,
    utility_account_number: row.utility_account_number,
    main_meter_number: row.main_meter_number,
    main_panel_amperage: row.main_panel_amperage,
    power_bill_received_status: row.power_bill_received_status,
    average_monthly_power_bill_cost: row.average_monthly_power_bill_cost,
    additional_utility_notes: row.additional_utility_notes,
    kilowatt_amounts: row.kilowatt_amounts,
    project_stage: row.project_stage,
    proposal_url: row.proposal_url,
    itc_energy_community: row.itc_energy_community,
    itc_domestic_content: row.itc_domestic_content,
    tax_exempt: row.tax_exempt,
    tax_exempt_owner: row.tax_exempt,
    itc_prevailing_wage: row.itc_prevailing_wage,
    construction_start_date: row.construction_start_date,
    expected_in_service_date: row.expected_in_service_date,
    // One per kWh meter (issue 35), the stored entry or the default; the bench keeps no
    // interval data, so no summary is read (the portal's read is one query when any is named).
    meters: row.kilowatt_amounts.map((_, index) => {
      const meter = row.meters?.[index] ?? defaultMeter(index);
      return { name: meter.name, tariff_id: meter.tariff_id, load_profile: meter.load_profile, months: meter.months, interval_import_id: meter.interval_import_id, interval: null };
    }),
    stage_entered_at: row.stage_entered_at?.toISOString() ?? null,
    stalled: isProjectStalled(row.project_stage, row.stage_entered_at, { ...DEFAULT_STALL_THRESHOLDS, ...row.stall_thresholds }, now),
    signed_at: row.signed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const app = Fastify({ logger: false });
app.setErrorHandler((error, _request, reply) => {
  if (error instanceof Unauthorized) return reply.status(401).send({ error: { code: 'unauthorized', message: 'You need to sign in or sign up before continuing.' } });
  return reply.status(500).send({ error: { code: 'internal', message: 'Something went wrong.' } });
});

app.get('/health', async () => ({ status: 'ok' }));

app.get('/api/projects', async (request, reply) => {
  const user = await authenticate(request.headers.authorization);
  const page = Math.max(1, Number(request.query.page) || 1);
  const perPage = Math.min(100, Math.max(1, Number(request.query.per_page) || 25));
  const { rows } = await pool.query({ ...PAGE, values: [user.id, perPage, (page - 1) * perPage] });
  const total = rows[0]?.total ?? 0;
  const last = Math.max(1, Math.ceil(total / perPage));
  const link = (n, rel) => `</api/projects?page=${n}&per_page=${perPage}>; rel="${rel}"`;
  const links = [link(1, 'first'), ...(page > 1 ? [link(Math.min(page - 1, last), 'prev')] : []), ...(page < last ? [link(page + 1, 'next')] : []), link(last, 'last')];
  reply.header('X-Total-Count', String(total)).header('Link', links.join(', '));
  const now = Date.now();
  return rows.map((row) => toProject(row, now));
});

app.get('/api/projects/:id', async (request, reply) => {
  const user = await authenticate(request.headers.authorization);
  const id = Number(request.params.id);
  if (!Number.isInteger(id) || id < 1) return reply.status(404).send({ error: { code: 'not_found', message: 'Project not found.' } });
  const { rows } = await pool.query({ ...ONE, values: [id, user.id] });
  if (!rows[0]) return reply.status(404).send({ error: { code: 'not_found', message: 'Project not found.' } });
  return toProject(rows[0], Date.now());
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
const stop = () => void app.close().then(() => pool.end()).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
