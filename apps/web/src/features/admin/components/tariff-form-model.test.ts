import { describe, expect, it } from 'vitest';
import { emptyTariffForm, newPeriod, periodCodes, periodGrid, placeErrors, rateErrorKey, tariffFromForm, type TariffForm } from './tariff-form-model';

const form = (patch: Partial<TariffForm>): TariffForm => ({ ...emptyTariffForm(), ...patch });

describe('the tariff form model', () => {
  it('maps each month x hour of weekdays and weekends to its period, first listed winning, the rest to the base', () => {
    const peak = { ...newPeriod('Peak'), months: [6, 7], days: 'weekday' as const, start_hour: 16, end_hour: 21 };
    const night = { ...newPeriod('Night'), months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: 'all' as const, start_hour: 0, end_hour: 6 };
    const lateNight = { ...newPeriod('Night'), months: [7], days: 'weekend' as const, start_hour: 22, end_hour: 24 };
    const clash = { ...newPeriod('Clash'), months: [6], days: 'weekday' as const, start_hour: 18, end_hour: 19 };
    const grid = periodGrid([peak, night, lateNight, clash]);
    expect(grid.weekday[5]!.slice(15, 22)).toEqual([-1, 0, 0, 0, 0, 0, -1]);
    expect(grid.weekday[4]![16]).toBe(-1);
    expect(grid.weekend[5]![16]).toBe(-1);
    expect(grid.weekend[0]!.slice(0, 7)).toEqual([1, 1, 1, 1, 1, 1, -1]);
    expect(grid.weekend[6]!.slice(21)).toEqual([-1, 1, 1]);
    expect(grid.weekday[6]![22]).toBe(-1);
    // The clashing period holds no cell: Peak was first.
    expect(grid.weekday.flat().includes(2)).toBe(false);
  });

  it('gives each period a short code that tells it from the others', () => {
    expect(periodCodes(['On-peak', 'Mid-peak', 'Super off-peak'])).toEqual(['O', 'M', 'S']);
    expect(periodCodes(['Summer peak', 'Summer part-peak', 'Winter peak'])).toEqual(['SP', 'SPP', 'W']);
    expect(periodCodes(['Peak', 'Peak hours'])).toEqual(['P', 'PH']);
    expect(periodCodes(['Peak A', 'Peak B2', 'Pa'])).toEqual(['PA', 'PB', 'P']);
  });

  it("builds the API body from rates kept by period name, and places the server's errors on their rows", () => {
    const built = tariffFromForm(
      form({
        customer_charge_usd: '50',
        export_rate_usd_per_kwh: '',
        periods: [newPeriod(' Peak '), newPeriod('Off'), newPeriod('Peak')],
        rates: { '': { energy: '0.12', demand: '15' }, Peak: { energy: '0.3', demand: '' }, Off: { energy: '', demand: '4' }, Gone: { energy: '9', demand: '9' } },
      }),
    );
    expect(built.input.energy_rates).toEqual([
      { period: null, usd_per_kwh: 0.12 },
      { period: 'Peak', usd_per_kwh: 0.3 },
    ]);
    expect(built.input.demand_charges).toEqual([
      { period: null, usd_per_kw: 15 },
      { period: 'Off', usd_per_kw: 4 },
    ]);
    expect(built.input.customer_charge_usd).toBe(50);
    expect(built.input.export_rate_usd_per_kwh).toBeNaN();
    expect(built.input.periods.map((period) => period.name)).toEqual(['Peak', 'Off', 'Peak']);
    const placed = placeErrors({ 'periods.1.end_hour': 'End hour is 1 to 24.', 'periods.1': 'Overlaps.', 'energy_rates.1.usd_per_kwh': 'Too high.', 'demand_charges.1.usd_per_kw': 'Too low.', 'tariff.name': 'Name is required.' }, built);
    expect(placed).toEqual({ 'periods.1': 'End hour is 1 to 24. Overlaps.', [rateErrorKey('energy', 'Peak')]: 'Too high.', [rateErrorKey('demand', 'Off')]: 'Too low.', name: 'Name is required.' });
  });
});
