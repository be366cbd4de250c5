import { describe, expect, it } from 'vitest';
import { DEFAULT_ESTIMATE_ASSUMPTIONS as a } from './estimate-schemas.js';
import { bonusApplies, depreciationSchedule, discountedPayback, irr, npv, taxCredit } from './investment.js';

describe('investment measures', () => {
  it('discounts by closed forms: NPV of an annuity, IRR of a two-flow investment, discounted payback', () => {
    // -1000 then 10 x 200 at 8 %: 200 x (1 - 1.08^-10) / 0.08 - 1000.
    const flows = [-1000, ...Array<number>(10).fill(200)];
    expect(npv(flows, 0.08)).toBeCloseTo((200 * (1 - 1.08 ** -10)) / 0.08 - 1000, 9);
    expect(irr([-1000, 1210])).toBeCloseTo(0.21, 9);
    expect(irr([-1000, 0, 1210])).toBeCloseTo(0.1, 9);
    const rate = irr(flows)!;
    expect(Math.abs(npv(flows, rate))).toBeLessThan(1e-6);
    // Discounted payback: -100 then 60 a year at 0 %: 1.67 years; at 10 %: 54.55 + 49.59 >= 100 within year 2.
    expect(discountedPayback([-100, 60, 60], 0)).toBeCloseTo(1 + 40 / 60, 9);
    expect(discountedPayback([-100, 60, 60], 0.1)).toBeCloseTo(1 + (100 - 60 / 1.1) / (60 / 1.21), 9);
    expect(discountedPayback([-100, 10, 10], 0.1)).toBeNull();
  });

  it('answers no IRR when none lies in (-99 %, 1000 %)', () => {
    expect(irr([-1000, -10, -10])).toBeNull();
    expect(irr([100, 10])).toBeNull();
    expect(irr([-1, 1e6])).toBeNull();
    expect(irr([-1000])).toBeNull();
    expect(irr([0, 0, 0])).toBeNull();
  });

  it('takes MACRS on a basis reduced by half the credit, with bonus depreciation in year 1', () => {
    const schedule = a.macrs_schedule;
    const plain = depreciationSchedule(100_000, 0.3, schedule, 0);
    expect(plain.map((value) => Math.round(value * 100) / 100)).toEqual([17_000, 27_200, 16_320, 9792, 9792, 4896]);
    expect(plain.reduce((sum, value) => sum + value, 0)).toBeCloseTo(85_000, 6);
    expect(depreciationSchedule(100_000, 0.3, schedule, 1)).toEqual([85_000, 0, 0, 0, 0, 0]);
    const half = depreciationSchedule(100_000, 0.3, schedule, 0.5);
    expect(half[0]).toBeCloseTo(42_500 + 8500, 6);
    expect(half[1]).toBeCloseTo(13_600, 6);
    expect(bonusApplies('2025-01-20', '2024-01-01', '2025-01-19')).toBe(true);
    expect(bonusApplies('2025-01-19', '2030-01-01', '2025-01-19')).toBe(false);
    expect(bonusApplies(null, '2025-06-01', '2025-01-19')).toBe(true);
  });
});

describe('taxCredit (Public Law 119-21, the assumptions’ dates)', () => {
  const base = { size_kw_dc: 100, itc_energy_community: true };
  it('keeps the credit for construction begun by 4 July 2026 when in service within the continuity years', () => {
    const credit = taxCredit({ ...base, construction_start_date: '2026-07-04', expected_in_service_date: '2030-12-31' }, a);
    expect(credit).toMatchObject({ rate: 0.4, eligible: true, size_kw_ac: 83.33 });
    expect(credit.reason).toMatch(/4 July 2026.*31 December 2030/);
    expect(credit.notes.join(' ')).toMatch(/Notice 2025-42.*foreign-entity-of-concern.*tax adviser/);
    const late = taxCredit({ ...base, construction_start_date: '2026-07-04', expected_in_service_date: '2031-01-01' }, a);
    expect(late).toMatchObject({ rate: 0, eligible: false });
    expect(late.reason).toMatch(/after 31 December 2030.*continuity/);
  });

  it('needs a later start to be placed in service by 31 December 2027', () => {
    expect(taxCredit({ ...base, construction_start_date: '2026-07-05', expected_in_service_date: '2027-12-31' }, a)).toMatchObject({ rate: 0.4, eligible: true });
    const late = taxCredit({ ...base, construction_start_date: '2026-07-05', expected_in_service_date: '2028-01-01' }, a);
    expect(late).toMatchObject({ rate: 0, eligible: false });
    expect(late.reason).toMatch(/31 December 2027/);
    expect(taxCredit({ ...base, construction_start_date: '2026-08-01' }, a)).toMatchObject({ rate: 0, eligible: false });
  });

  it('reads the in-service date alone, and assumes the credit with neither date while saying the dates confirm it', () => {
    expect(taxCredit({ ...base, expected_in_service_date: '2027-06-30' }, a)).toMatchObject({ rate: 0.4, eligible: true });
    const late = taxCredit({ ...base, expected_in_service_date: '2028-03-01' }, a);
    expect(late).toMatchObject({ rate: 0, eligible: false });
    expect(late.reason).toMatch(/add its start date/);
    const assumed = taxCredit(base, a);
    expect(assumed).toMatchObject({ rate: 0.4, eligible: true });
    expect(assumed.reason).toMatch(/assumed: add the construction start and expected in-service dates/);
  });

  it('cuts a system of 1 MW AC or more without prevailing wage to 6 % and 2-point adders, and notes elective pay', () => {
    const large = { size_kw_dc: 1200, itc_energy_community: true, itc_domestic_content: true };
    expect(taxCredit(large, a)).toMatchObject({ rate: 0.1, eligible: true, size_kw_ac: 1000 });
    expect(taxCredit(large, a).reason).toMatch(/6 %.*2 %/);
    expect(taxCredit({ ...large, itc_prevailing_wage: true }, a).rate).toBe(0.5);
    expect(taxCredit({ ...large, size_kw_dc: 1199 }, a).rate).toBe(0.5);
    expect(taxCredit({ ...large, tax_exempt: true }, a).notes.join(' ')).toMatch(/elective pay/);
    expect(taxCredit({ size_kw_dc: null }, a)).toMatchObject({ rate: 0.3, size_kw_ac: null });
  });
});
