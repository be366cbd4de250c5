import { tariffInputSchema, type Tariff } from '@sunin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, tariffs } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_TARIFFS } from './demo-tariffs.js';
import { DEMO_ACCOUNTS, seedDemoData, seedExampleTariffs } from './seed.js';

describe('the demo example tariffs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.app.ctx);
  });
  afterAll(async () => t?.close());

  it('are valid tariffs, each labelled an example to check against the utility sheet', () => {
    for (const tariff of DEMO_TARIFFS) {
      const parsed = tariffInputSchema.safeParse(tariff);
      expect(parsed.success, `${tariff.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(tariff.name).toMatch(/^Example: /);
      expect(tariff.source).toMatch(/^Example for the demo, modelled on .+check against the utility's current tariff sheet/);
      expect(tariff.energy_rates.length + tariff.demand_charges.length).toBeGreaterThan(2);
    }
    // Net billing in California (NEM 3-like), net metering in the other markets.
    for (const tariff of DEMO_TARIFFS) expect(tariff.export_credit).toBe(tariff.state === 'CA' ? 'net_billing' : 'net_metering');
  });

  it('are seeded with the demo for the five markets, marked example, without audit entries, and once', async () => {
    const rows = await t.db.select().from(tariffs);
    expect(rows.map((row) => row.name).sort()).toEqual(DEMO_TARIFFS.map((tariff) => tariff.name).sort());
    expect(new Set(rows.map((row) => row.state))).toEqual(new Set(['CA', 'NV', 'TX', 'MA', 'CT']));
    expect(rows.every((row) => row.example)).toBe(true);
    expect(await t.db.select().from(auditEntries).then((entries) => entries.filter((entry) => entry.entity_type === 'tariff'))).toEqual([]);
    await seedExampleTariffs(t.app.ctx);
    expect(await t.db.select().from(tariffs)).toHaveLength(DEMO_TARIFFS.length);
  });

  it('are what a demo member reads for their state', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { user: { email: DEMO_ACCOUNTS.sales.email, password: DEMO_ACCOUNTS.sales.password } } });
    const res = await t.app.inject({ method: 'GET', url: '/api/tariffs?state=CA', headers: { authorization: String(login.headers.authorization) } });
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json().tariffs as Tariff[]).map((tariff) => tariff.name);
    expect(names).toEqual(['Example: PG&E B-19-like TOU (secondary)', 'Example: SCE TOU-GS-2-like, option D']);
  });
});
