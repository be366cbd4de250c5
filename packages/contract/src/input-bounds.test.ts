import { describe, expect, it } from 'vitest';
import { accountCreateBodySchema, adminProjectListQuerySchema } from './admin.js';
import { analyticsQuerySchema } from './analytics.js';
import { adminAuditQuerySchema } from './audit.js';
import { payoutsQuerySchema } from './earnings.js';
import { INT4_MAX, int4Id, isoDay } from './input-bounds.js';
import { idParamsSchema, projectUpdateSchema } from './projects.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('int4Id (issue 34 item 6)', () => {
  const id = int4Id('user_id');

  it('takes a positive whole number up to PostgreSQL integer, from JSON or from query text', () => {
    for (const value of [1, '1', INT4_MAX, String(INT4_MAX)]) expect(id.parse(value)).toBe(Number(value));
  });

  it('refuses what PostgreSQL integer cannot hold, naming the field', () => {
    for (const value of [2_147_483_648, '2147483648', '9223372036854775808', 1e308, '1e308']) {
      expect(messageOf(id.safeParse(value)), String(value)).toBe('user_id must be at most 2147483647.');
    }
    for (const value of [0, '-0', 1e-308, -2_147_483_649, '-1', '-1e308']) expect(messageOf(id.safeParse(value)), String(value)).toBe('user_id must be at least 1.');
    for (const value of ['NaN', 'Infinity', '1.5', 'x']) expect(messageOf(id.safeParse(value)), String(value)).toBe('user_id must be a whole number.');
  });

  it('is the rule of every id the contract takes', () => {
    const tooBig = String(INT4_MAX + 1);
    expect(idParamsSchema.safeParse({ id: tooBig }).success).toBe(false);
    expect(adminProjectListQuerySchema.safeParse({ user_id: tooBig }).success).toBe(false);
    expect(adminProjectListQuerySchema.safeParse({ owner_id: tooBig }).success).toBe(false);
    expect(adminAuditQuerySchema.safeParse({ actor_id: tooBig }).success).toBe(false);
    expect(payoutsQuerySchema.safeParse({ user_id: tooBig }).success).toBe(false);
    expect(accountCreateBodySchema.safeParse({ account: { user_id: INT4_MAX + 1, company_name: 'Acme' } }).success).toBe(false);
  });
});

describe('isoDay (issue 34 item 6)', () => {
  const day = isoDay('updated_from');

  it('takes a real calendar day from 1900-01-01 to 2999-12-31', () => {
    for (const value of ['1900-01-01', '2024-02-29', '2999-12-31']) expect(day.parse(value)).toBe(value);
  });

  it('refuses days PostgreSQL or JavaScript cannot read alike, naming the range', () => {
    for (const value of ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31']) {
      expect(messageOf(day.safeParse(value)), value).toBe('updated_from must be between 1900-01-01 and 2999-12-31.');
    }
    for (const value of ['10000-01-01', '294277-01-01', '-000001-01-01', '+275760-09-13', '2023-02-29', '2024-13-01', 'yesterday', '']) {
      expect(messageOf(day.safeParse(value)), value).toBe('updated_from must be a date (YYYY-MM-DD).');
    }
  });

  it('is the rule of the date filters', () => {
    expect(adminProjectListQuerySchema.safeParse({ updated_from: '0000-01-01' }).success).toBe(false);
    expect(adminProjectListQuerySchema.safeParse({ updated_to: '0000-01-01' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '1999-12-31' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '2000-01-01' }).success).toBe(true);
  });
});

describe('monthly kWh and the bill (issue 34 item 6, DOMAIN.md 1c)', () => {
  const twelve = (value: unknown) => Array.from({ length: 12 }, () => value);

  it('refuse a month over 50,000,000 kWh and a bill over $1,000,000,000, as numbers or text', () => {
    expect(projectUpdateSchema.safeParse({ kilowatt_amounts: [twelve(50_000_000)] }).success).toBe(true);
    for (const value of [50_000_001, 1e308, '99999999999999999999']) {
      expect(messageOf(projectUpdateSchema.safeParse({ kilowatt_amounts: [twelve(value)] })), String(value)).toMatch(/^A month over 50,000,000 kWh is not plausible/);
    }
    for (const value of [-1e308, Number.NaN, '1e308', 'Infinity']) expect(projectUpdateSchema.safeParse({ kilowatt_amounts: [twelve(value)] }).success, String(value)).toBe(false);
    expect(projectUpdateSchema.safeParse({ average_monthly_power_bill_cost: '1000000000' }).success).toBe(true);
    expect(messageOf(projectUpdateSchema.safeParse({ average_monthly_power_bill_cost: '9'.repeat(400) }))).toBe('The average monthly power bill must be at most $1,000,000,000.');
  });
});
