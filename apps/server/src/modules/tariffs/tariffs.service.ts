import { TARIFF_MESSAGES, type Tariff, type TariffInput, type TariffRates } from '@sunin/contract';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { projects, tariffs } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { diff, recordAudit } from '../audit/audit.service.js';

/**
 * Commercial tariffs (issue 35 item 4, decision 038): an administrator keeps them, members read
 * them to choose one per meter, the estimate reads their rates. Every write is audited with the
 * fields it changed; a tariff a meter names cannot be deleted.
 */
type TariffRow = typeof tariffs.$inferSelect;

/** The fields an audit entry compares: everything an administrator writes, and the example flag. */
const AUDITED_FIELDS = ['name', 'utility', 'state', 'effective_date', 'source', 'customer_charge_usd', 'periods', 'energy_rates', 'demand_charges', 'export_credit', 'export_rate_usd_per_kwh', 'example'] as const;

export function toTariff(row: TariffRow): Tariff {
  return {
    id: row.id,
    name: row.name,
    utility: row.utility,
    state: row.state,
    effective_date: row.effective_date,
    source: row.source,
    customer_charge_usd: row.customer_charge_usd,
    periods: row.periods,
    energy_rates: row.energy_rates,
    demand_charges: row.demand_charges,
    export_credit: row.export_credit,
    export_rate_usd_per_kwh: row.export_rate_usd_per_kwh,
    example: row.example,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Every tariff of a state (or of all states), ordered by state, utility and name. */
export async function listTariffs(db: Executor, state?: string): Promise<Tariff[]> {
  const rows = await db
    .select()
    .from(tariffs)
    .where(state === undefined ? undefined : eq(tariffs.state, state))
    .orderBy(asc(tariffs.state), asc(tariffs.utility), asc(tariffs.name), asc(tariffs.id));
  return rows.map(toTariff);
}

export async function getTariff(db: Executor, id: number): Promise<Tariff> {
  const [row] = await db.select().from(tariffs).where(eq(tariffs.id, id)).limit(1);
  if (!row) throw new AppError('not_found', TARIFF_MESSAGES.notFound);
  return toTariff(row);
}

/** The rates of the given tariffs, by id, for the bill engine (an unknown id is left out). */
export async function tariffRatesByIds(db: Executor, ids: readonly number[]): Promise<Map<number, TariffRates>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(tariffs).where(inArray(tariffs.id, unique));
  return new Map(rows.map((row) => [row.id, toTariff(row)]));
}

const columnsOf = (input: TariffInput) => ({
  name: input.name,
  utility: input.utility,
  state: input.state,
  effective_date: input.effective_date,
  source: input.source,
  customer_charge_usd: input.customer_charge_usd,
  periods: input.periods,
  energy_rates: input.energy_rates,
  demand_charges: input.demand_charges,
  export_credit: input.export_credit,
  export_rate_usd_per_kwh: input.export_rate_usd_per_kwh,
});

/** POST /api/admin/tariffs; `example` only from the demo seed. */
export async function createTariff(ctx: AppContext, input: TariffInput, actorId: number | null, options: { example?: boolean; db?: Executor } = {}): Promise<Tariff> {
  const db = options.db ?? ctx.db;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tariffs)
      .values({ ...columnsOf(input), example: options.example ?? false })
      .returning();
    if (!row) throw new Error('insert returned no row');
    if (actorId !== null) await recordAudit(tx, { actorId, action: 'tariff_created', entityType: 'tariff', entityId: row.id, changes: diff(null, row, AUDITED_FIELDS) });
    return toTariff(row);
  });
}

/** PUT /api/admin/tariffs/{id}: replaces the tariff; an administrator's edit makes an example a tariff of their own. */
export async function updateTariff(ctx: AppContext, id: number, input: TariffInput, actorId: number): Promise<Tariff> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(tariffs).where(eq(tariffs.id, id)).limit(1).for('update');
    if (!current) throw new AppError('not_found', TARIFF_MESSAGES.notFound);
    const [row] = await tx
      .update(tariffs)
      .set({ ...columnsOf(input), example: false, updated_at: new Date() })
      .where(eq(tariffs.id, id))
      .returning();
    if (!row) throw new AppError('not_found', TARIFF_MESSAGES.notFound);
    const changes = diff(current, row, AUDITED_FIELDS);
    if (Object.keys(changes).length > 0) await recordAudit(tx, { actorId, action: 'tariff_updated', entityType: 'tariff', entityId: id, changes });
    return toTariff(row);
  });
}

/** How many projects have a meter on the tariff (jsonb containment, so any meter position counts). */
export async function projectsUsingTariff(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(projects)
    .where(sql`${projects.meters} @> ${JSON.stringify([{ tariff_id: id }])}::jsonb`);
  return row?.n ?? 0;
}

/** DELETE /api/admin/tariffs/{id}: refused (409) while a project's meter names the tariff. */
export async function deleteTariff(ctx: AppContext, id: number, actorId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(tariffs).where(eq(tariffs.id, id)).limit(1).for('update');
    if (!current) throw new AppError('not_found', TARIFF_MESSAGES.notFound);
    const users = await projectsUsingTariff(tx, id);
    if (users > 0) throw new AppError('conflict', TARIFF_MESSAGES.inUse(users));
    await tx.delete(tariffs).where(eq(tariffs.id, id));
    await recordAudit(tx, { actorId, action: 'tariff_deleted', entityType: 'tariff', entityId: id, changes: diff(current, null, AUDITED_FIELDS) });
  });
}
