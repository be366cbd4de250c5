import { settingAuditId, type SettingName } from '@sunin/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { settings, users } from '../../db/schema/index.js';
import { diff, recordAudit } from '../audit/audit.service.js';

/**
 * Administrator settings (DESIGN.md "Settings"): a validated JSON value per name. Reads fall
 * back to the default while no administrator has saved one, and a stored value is read
 * through the schema again, so a value saved before a field existed gets its default.
 */
export interface Setting<T> {
  value: T;
  updatedAt: Date | null;
  updatedByName: string | null;
}

export async function readSetting<S extends z.ZodType>(db: Executor, name: SettingName, schema: S, fallback: z.infer<S>): Promise<Setting<z.infer<S>>> {
  const [row] = await db
    .select({ value: settings.value, updatedAt: settings.updated_at, updatedByName: sql<string | null>`${users.first_name} || ' ' || ${users.last_name}` })
    .from(settings)
    .leftJoin(users, eq(users.id, settings.updated_by))
    .where(eq(settings.name, name))
    .limit(1);
  if (!row) return { value: fallback, updatedAt: null, updatedByName: null };
  return { value: settingValue(schema, fallback, row.value), updatedAt: row.updatedAt, updatedByName: row.updatedByName };
}

/** What a settings route answers: the value in force, the defaults, and who saved it when (null: never saved). */
export function settingAnswer<T>(setting: Setting<T>, defaults: T): { settings: T; defaults: T; updated_at: string | null; updated_by_name: string | null } {
  return { settings: setting.value, defaults, updated_at: setting.updatedAt?.toISOString() ?? null, updated_by_name: setting.updatedByName };
}

/** A stored setting's value (or null: none stored) read through its schema over the default. */
export function settingValue<S extends z.ZodType>(schema: S, fallback: z.infer<S>, stored: unknown): z.infer<S> {
  if (stored === null || stored === undefined) return fallback;
  const parsed = schema.safeParse({ ...(fallback as object), ...(stored as object) });
  return parsed.success ? parsed.data : fallback;
}

/**
 * Saves a setting and audits each changed field, in one transaction. `before` and `after` are
 * the fields as audited; `value` is what is stored when that is not the same object (a nested
 * setting audited field by field).
 */
export async function writeSetting<T extends Record<string, unknown>>(ctx: AppContext, actorId: number, name: SettingName, before: T, after: T, value: object = after): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ name, value, updated_by: actorId, updated_at: new Date() })
      .onConflictDoUpdate({ target: settings.name, set: { value, updated_by: actorId, updated_at: new Date() } });
    const changes = diff(before, after, Object.keys(after));
    if (Object.keys(changes).length > 0) await recordAudit(tx, { actorId, action: `${name}_updated`, entityType: 'setting', entityId: settingAuditId(name), changes });
  });
}
