import { z } from 'zod';

/** Money: whole cents wherever it is stored, dollars with two decimals in bodies and answers. */
const MAX_USD = 1_000_000_000;
const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const usd = (label: string) =>
  z
    .number({ error: `${label} must be an amount in dollars.` })
    .finite(`${label} must be an amount in dollars.`)
    .refine(twoDecimals, `${label} has at most two decimals (cents).`)
    .refine((value) => Math.abs(value) <= MAX_USD, `${label} must be at most $1,000,000,000.`);

/** A dollar amount in a body: finite, at most two decimals, at most $1,000,000,000; `label` starts each message. */
export const usdAmountSchema = usd;

export const toCents = (usdAmount: number): number => Math.round(usdAmount * 100);
export const toUsd = (cents: number): number => cents / 100;

