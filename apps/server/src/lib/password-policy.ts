import { createRequire } from 'node:module';
import { MESSAGES } from '@sunin/contract';
import type { dictionary as Dictionaries } from '@zxcvbn-ts/language-common';
import { AppError } from './app-error.js';

const require = createRequire(import.meta.url);

/**
 * Which new passwords the portal refuses (issue 13 item 7; ASVS 6.2.4, 6.2.11, 6.2.12;
 * docs/decisions/011). Server side only: the list never reaches a web page (issue 19).
 *
 * The list is zxcvbn-ts's `passwords-common` (about 49,000 entries ranked from leaked-password
 * corpora), held once as a Set. A password is refused when it, lowercased, or a simple variant
 * of it (digits and symbols trimmed from either end, leetspeak undone) is on the list, or when
 * it contains the member's first name, last name, username or email local part.
 */
let common: Set<string> | undefined;
/** The list is loaded on the first password checked, not at start (issue 19 item 7: about 90 ms of start-up). */
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: typeof Dictionaries };
    common = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  }
  return common;
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'l', '+': 't' };
const unLeet = (text: string, one = 'i') => [...text].map((char) => (char === '1' ? one : (LEET[char] ?? char))).join('');
/** Trailing and leading digits and symbols, as in "Password1!" or "!!qwerty2026". */
const trimNonLetters = (text: string) => text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** Shorter forms are words like "abc" that many strong passwords contain: only whole matches of 4+ count. */
const MIN_VARIANT_LENGTH = 4;

function variants(password: string): Set<string> {
  const lower = password.toLowerCase();
  const out = new Set([lower, trimNonLetters(lower)]);
  for (const one of ['i', 'l']) {
    const plain = unLeet(lower, one);
    out.add(plain);
    out.add(trimNonLetters(plain));
    out.add(unLeet(trimNonLetters(lower), one));
  }
  return new Set([...out].filter((variant) => variant === lower || variant.length >= MIN_VARIANT_LENGTH));
}

export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  return [...variants(password)].some((variant) => list.has(variant));
}

export interface PasswordOwner {
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  user_name?: string | null | undefined;
  email?: string | null | undefined;
}

/** The member's own words (3+ characters): names, username and the email's local part. */
function personalWords(owner: PasswordOwner): string[] {
  const words = [owner.first_name, owner.last_name, owner.user_name, owner.email?.split('@')[0]];
  return [...new Set(words.map((word) => (word ?? '').trim().toLowerCase()).filter((word) => word.length >= 3))];
}

export function containsPersonalWord(password: string, owner: PasswordOwner): boolean {
  const forms = [password.toLowerCase(), unLeet(password.toLowerCase()), unLeet(password.toLowerCase(), 'l')];
  return personalWords(owner).some((word) => forms.some((form) => form.includes(word)));
}

/**
 * The documented list of context-specific words (ASVS 6.1.2, 6.2.11): the business's and the
 * product's names and what the portal is about. A password made of nothing but these (with
 * digits, symbols and leetspeak around them: "SunIn2026!", "s0lar-partner") is refused; one
 * that merely contains one among other words ("my solar roof faces south") is not.
 */
export const CONTEXT_WORDS = ['sunin', 'sun', 'solar', 'partner', 'partners', 'portal', 'referral', 'sales', 'admin', 'energy', 'power', 'panel', 'panels', 'commercial', 'project', 'proposal'] as const;
const CONTEXT_ONLY = new RegExp(`^(?:${[...CONTEXT_WORDS].sort((a, b) => b.length - a.length).join('|')})+$`);

export function isContextPassword(password: string): boolean {
  return [...variants(password)].some((form) => {
    const letters = form.replace(/[^\p{L}]+/gu, '');
    return letters.length > 0 && CONTEXT_ONLY.test(letters);
  });
}

/** The message that refuses `password`, or undefined when the policy allows it. Length is the contract's. */
export function passwordProblem(password: string, owner: PasswordOwner): string | undefined {
  if (isCommonPassword(password)) return MESSAGES.passwordCommon;
  if (isContextPassword(password)) return MESSAGES.passwordContext;
  if (containsPersonalWord(password, owner)) return MESSAGES.passwordPersonal;
  return undefined;
}

/** 422 `validation_failed` with the message on `field` (the form's password field). */
export function assertPasswordAllowed(password: string, owner: PasswordOwner, field = 'password'): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw new AppError('validation_failed', problem, { [field]: problem });
}
