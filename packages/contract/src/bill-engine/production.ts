import type { UsStateCode } from '../us-states.js';
import type { ReferenceCalendar } from './calendar.js';

/**
 * The hourly shape of production (DOMAIN.md 1b "Hourly production"): clear-sky sun geometry
 * by the NOAA solar position equations, Meinel's direct normal irradiance
 * 1,353 x 0.7^(AM^0.678) W/m2, diffuse light 10 % of it, on a plane tilted 10 degrees facing
 * south, zero while the sun is below the horizon. The shape sums to 1 over the year; the
 * estimate scales it to S x Y, so only its split over hours and months matters.
 */

export interface SolarSite {
  city: string;
  latitude: number;
  /** Degrees east (west is negative). */
  longitude: number;
}

/** The representative cities of DOMAIN.md section 1's yield table; other states the national point. */
export const SOLAR_SITES: Partial<Record<UsStateCode, SolarSite>> = {
  CA: { city: 'Fresno', latitude: 36.74, longitude: -119.79 },
  NV: { city: 'Las Vegas', latitude: 36.17, longitude: -115.14 },
  TX: { city: 'Austin', latitude: 30.27, longitude: -97.74 },
  MA: { city: 'Boston', latitude: 42.36, longitude: -71.06 },
  CT: { city: 'Hartford', latitude: 41.76, longitude: -72.69 },
};
export const NATIONAL_SOLAR_SITE: SolarSite = { city: '39.0 N, 98.0 W', latitude: 39, longitude: -98 };
export const solarSite = (code: UsStateCode | null): SolarSite => (code ? SOLAR_SITES[code] : undefined) ?? NATIONAL_SOLAR_SITE;

export const PLANE_TILT_DEGREES = 10;
const RAD = Math.PI / 180;

/**
 * Irradiance (W/m2) on the tilted plane at a UTC instant: NOAA's fractional-year equations for
 * the equation of time and the declination, the hour angle from true solar time, Kasten and
 * Young's air mass (finite at the horizon, where 1/cos z is not).
 */
export function planeIrradiance(utcMs: number, site: SolarSite): number {
  const date = new Date(utcMs);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((utcMs - yearStart) / 86_400_000) + 1;
  const utcHours = (utcMs - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())) / 3_600_000;
  const gamma = ((2 * Math.PI) / 365) * (dayOfYear - 1 + (utcHours - 12) / 24);
  const equationOfTime =
    229.18 * (0.000075 + 0.001868 * Math.cos(gamma) - 0.032077 * Math.sin(gamma) - 0.014615 * Math.cos(2 * gamma) - 0.040849 * Math.sin(2 * gamma));
  const declination =
    0.006918 -
    0.399912 * Math.cos(gamma) +
    0.070257 * Math.sin(gamma) -
    0.006758 * Math.cos(2 * gamma) +
    0.000907 * Math.sin(2 * gamma) -
    0.002697 * Math.cos(3 * gamma) +
    0.00148 * Math.sin(3 * gamma);
  const trueSolarMinutes = utcHours * 60 + equationOfTime + 4 * site.longitude;
  const hourAngle = (trueSolarMinutes / 4 - 180) * RAD;
  const latitude = site.latitude * RAD;
  const cosZenith = Math.sin(latitude) * Math.sin(declination) + Math.cos(latitude) * Math.cos(declination) * Math.cos(hourAngle);
  if (cosZenith <= 0) return 0;
  const zenithDegrees = Math.acos(cosZenith) / RAD;
  const airMass = 1 / (cosZenith + 0.50572 * (96.07995 - zenithDegrees) ** -1.6364);
  const direct = 1353 * 0.7 ** (airMass ** 0.678);
  // A south-facing plane tilted by beta sees the sun as a horizontal plane at latitude - beta does.
  const tilted = latitude - PLANE_TILT_DEGREES * RAD;
  const cosIncidence = Math.sin(tilted) * Math.sin(declination) + Math.cos(tilted) * Math.cos(declination) * Math.cos(hourAngle);
  return direct * Math.max(0, cosIncidence) + 0.1 * direct;
}

const shapeCache = new WeakMap<ReferenceCalendar, Map<string, Float64Array>>();

/** Each reference hour's share of the year's production (sums to 1), read at the middle of the hour. */
export function productionShape(calendar: ReferenceCalendar, site: SolarSite): Float64Array {
  let bySite = shapeCache.get(calendar);
  if (!bySite) shapeCache.set(calendar, (bySite = new Map()));
  const key = `${site.latitude},${site.longitude}`;
  const cached = bySite.get(key);
  if (cached) return cached;
  const shape = new Float64Array(calendar.hours);
  let sum = 0;
  for (let index = 0; index < calendar.hours; index += 1) {
    shape[index] = planeIrradiance(calendar.utcMs[index]! + 1_800_000, site);
    sum += shape[index]!;
  }
  for (let index = 0; index < calendar.hours; index += 1) shape[index]! /= sum;
  bySite.set(key, shape);
  return shape;
}
