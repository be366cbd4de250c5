import { createRequire } from 'node:module';
import { MESSAGES } from '@sunin/contract';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { adjacencyGraphs as Graphs, dictionary as Dictionaries } from '@zxcvbn-ts/language-common';
import { AppError } from './app-error.js';

const require = createRequire(import.meta.url);

/**
 * Which new passwords the portal refuses (issue 13 item 7, issue 34 item 5; ASVS 6.2.4, 6.2.11,
 * 6.2.12; docs/decisions/011 and 035). Server side only: neither the lists nor the estimator
 * reach a web page (issue 19).
 *
 * In order, each with its own message: a password on zxcvbn-ts's `passwords-common` list (about
 * 49,000 entries ranked from leaked-password corpora) or a simple variant of one (digits and
 * symbols trimmed from either end, separators dropped, leetspeak undone); one made only of the
 * portal's context words; one that contains the member's own words; and then any password that
 * zxcvbn scores below 3 with those words as its context: repeats ("aaaaaaaaaaaa",
 * "trustno1trustno1"), sequences ("abcdefgh12"), keyboard walks, dates, and short mixes.
 */
const MIN_STRENGTH_SCORE = 3;
const STRENGTH_MAX_LENGTH = 64;

/**
 * Passwords published as examples, which every cracking list now holds although the leaked
 * list does not: xkcd 936's two ("correct horse battery staple" is strong only until it is
 * printed) and the pangrams people type when asked for a sentence.
 */
const PUBLISHED_PASSWORDS = ['correcthorsebatterystaple', 'tr0ub4dor&3', 'troubador', 'thequickbrownfoxjumpsoverthelazydog', 'loremipsumdolorsitamet'];

function languageCommon(): { dictionary: typeof Dictionaries; adjacencyGraphs: typeof Graphs } {
  return require('@zxcvbn-ts/language-common') as { dictionary: typeof Dictionaries; adjacencyGraphs: typeof Graphs };
}

let common: Set<string> | undefined;
/** The lists load on the first password checked, not at start (issue 19 item 7: about 90 ms of start-up). */
function commonPasswords(): Set<string> {
  if (!common) {
    const words = [...languageCommon().dictionary['passwords-common'], ...PUBLISHED_PASSWORDS];
    common = new Set(words.map((word) => word.toLowerCase()));
  }
  return common;
}

let estimator: ZxcvbnFactory | undefined;
function strengthEstimator(): ZxcvbnFactory {
  if (!estimator) {
    const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as { ZxcvbnFactory: typeof ZxcvbnFactory };
    const { dictionary, adjacencyGraphs } = languageCommon();
    estimator = new Factory({
      // A name with "passwords" in it makes zxcvbn word its warning as for a common password.
      dictionary: { ...dictionary, 'passwords-published': PUBLISHED_PASSWORDS },
      graphs: adjacencyGraphs,
      // The estimate runs on the event loop of an anonymous request (signup): with its defaults,
      // 256 times "1" takes seconds. The first 64 characters decide (a strong start is strong
      // whatever follows; a weak one is refused), and 8 leetspeak swaps cover real words.
      maxLength: STRENGTH_MAX_LENGTH,
      l33tMaxSubstitutions: 8,
    });
  }
  return estimator;
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'l', '+': 't' };
const unLeet = (text: string, one = 'i') => [...text].map((char) => (char === '1' ? one : (LEET[char] ?? char))).join('');
/** Trailing and leading digits and symbols, as in "Password1!" or "!!qwerty2026". */
const trimNonLetters = (text: string) => text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** Shorter forms are words like "abc" that many strong passwords contain: only whole matches of 4+ count. */
const MIN_VARIANT_LENGTH = 4;

function variants(password: string): Set<string> {
  const lower = password.toLowerCase();
  // "correct horse battery staple" and "pass-word-1" are the listed entries with separators.
  const out = new Set([lower, trimNonLetters(lower), lower.replace(/[\s._-]+/g, '')]);
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

/**
 * Why zxcvbn found a password weak, by its warning key (the English of @zxcvbn-ts/language-en,
 * which the portal does not load for these few sentences). Said after MESSAGES.passwordWeak.
 */
const WEAKNESS_REASONS: Record<string, string> = {
  straightRow: 'Straight rows of keys on a keyboard are among the first guesses.',
  keyPattern: 'Short keyboard patterns are among the first guesses.',
  simpleRepeat: 'Repeated characters like "aaa" are among the first guesses.',
  extendedRepeat: 'Repeated patterns like "abcabcabc" are among the first guesses.',
  sequences: 'Sequences like "abcd" or "1234" are among the first guesses.',
  recentYears: 'Recent years are among the first guesses.',
  dates: 'Dates are among the first guesses.',
  topTen: 'It is one of the most used passwords.',
  topHundred: 'It is one of the most used passwords.',
  common: 'It is a commonly used password.',
  similarToCommon: 'It is close to a commonly used password.',
  userInputs: 'It is built from your own name, username or email, or from words about this portal.',
};

/**
 * What zxcvbn gets as the member's own words (issue 34 item 5): their names and username, the
 * email and its parts (local part, its pieces, the domain's name), and the portal's context
 * words. These count as the first guesses, wherever they stand in the password, reversed or
 * in leetspeak too, which the substring checks above do not see.
 */
function strengthContext(owner: PasswordOwner): string[] {
  const email = (owner.email ?? '').trim().toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const names = [owner.first_name, owner.last_name, owner.user_name].map((word) => (word ?? '').trim().toLowerCase());
  const pieces = [...names, email, local, domain.split('.')[0] ?? ''].flatMap((word) => [word, ...word.split(/[\s._+-]+/)]);
  return [...new Set([...pieces.filter((word) => word.length >= 2), ...CONTEXT_WORDS])];
}

function strengthProblem(password: string, owner: PasswordOwner): string | undefined {
  const { score, feedback } = strengthEstimator().check(password, strengthContext(owner));
  if (score >= MIN_STRENGTH_SCORE) return undefined;
  const reason = feedback.warning ? WEAKNESS_REASONS[feedback.warning] : undefined;
  return reason ? `${MESSAGES.passwordWeak} ${reason}` : MESSAGES.passwordWeak;
}

/** The message that refuses `password`, or undefined when the policy allows it. Length is the contract's. */
export function passwordProblem(password: string, owner: PasswordOwner): string | undefined {
  if (isCommonPassword(password)) return MESSAGES.passwordCommon;
  if (isContextPassword(password)) return MESSAGES.passwordContext;
  if (containsPersonalWord(password, owner)) return MESSAGES.passwordPersonal;
  return strengthProblem(password, owner);
}

/** 422 `validation_failed` with the message on `field` (the form's password field). */
export function assertPasswordAllowed(password: string, owner: PasswordOwner, field = 'password'): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw new AppError('validation_failed', problem, { [field]: problem });
}
