import { MESSAGES } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordProblem } from './password-policy.js';

const ADVICE = "Choose a longer passphrase of several unrelated words, or a mix that isn't a common pattern.";

const pat = { first_name: 'Pat', last_name: 'Partner', user_name: 'patp', email: 'pat.partner@example.com' };

describe('the password policy (issue 13 item 7; ASVS 6.2.4, 6.2.11, 6.2.12)', () => {
  it('refuses passwords on the leaked-password list, and their simple variants', () => {
    for (const password of ['password123', 'Password1!', 'qwertyuiop', 'P@ssw0rd', 'iloveyou2026', '!!Letmein99', 'QWERTY123456']) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(passwordProblem(password, {}), password).toBe(MESSAGES.passwordCommon);
    }
  });

  it("refuses passwords built from the member's own name, username or email", () => {
    for (const password of ['Pat-Partner-2026', 'xx-partner-xx', 'PATP!rocks-hard', 'my.pat.partner.key', 'P4rtn3r-Zebra-Tundra']) {
      expect(passwordProblem(password, pat), password).toBe(MESSAGES.passwordPersonal);
    }
    expect(passwordProblem('Zebra-Tundra-jane77', { email: 'jane77@example.com' })).toBe(MESSAGES.passwordPersonal);
    // Words shorter than 3 characters are not a member's own (every password would contain "al").
    expect(passwordProblem('Violet-Kestrel-Orbit-19', { first_name: 'Al', last_name: 'Li' })).toBeUndefined();
  });

  it('refuses passwords made only of the documented context words (ASVS 6.1.2, 6.2.11), not passphrases that contain one', () => {
    for (const password of ['SunIn2026!', 'sunin-partner', 'S0lar-Partner-1', 'SolarPortal#99', 'referral-sales-2026']) {
      expect(passwordProblem(password, {}), password).toBe(MESSAGES.passwordContext);
    }
    for (const password of ['my solar roof faces south', 'Partner with the river otters 7', 'sunny-meadow-lantern']) {
      expect(passwordProblem(password, {}), password).toBeUndefined();
    }
  });

  it('accepts long random passphrases, up to 64 characters and beyond', () => {
    expect(passwordProblem('violet tundra mechanic orbit pelican 47', pat)).toBeUndefined();
    expect(passwordProblem('Quiet-Harbor-Lantern-58', pat)).toBeUndefined();
    const sixtyFour = 'Gx7#kq2Lm9!vRt4Wz8@bN1cYd5$hJ3sPf6^uE0aTw2&oQi7*Ml4Zr9+Kx1Vn8=Bc';
    expect(sixtyFour).toHaveLength(64);
    expect(passwordProblem(sixtyFour, pat)).toBeUndefined();
  });

  describe('strength: a zxcvbn score of 3 or more (issue 34 item 5)', () => {
    it('refuses the famous and the patterned, saying how to choose better', () => {
      expect(passwordProblem('correcthorsebatterystaple', {})).toBe(MESSAGES.passwordCommon);
      // Its spaced, dashed and decorated forms are the same published password.
      for (const password of ['correct horse battery staple', 'Correct-Horse-Battery-Staple', 'CorrectHorseBatteryStaple!42']) {
        expect(passwordProblem(password, {}), password).toBe(MESSAGES.passwordCommon);
      }
      const reasons: Record<string, string> = {
        aaaaaaaaaaaa: 'Repeated characters like "aaa" are among the first guesses.',
        abcdefgh12: 'Sequences like "abcd" or "1234" are among the first guesses.',
        trustno1trustno1: 'Repeated patterns like "abcabcabc" are among the first guesses.',
      };
      for (const [password, reason] of Object.entries(reasons)) {
        expect(passwordProblem(password, pat), password).toBe(`${MESSAGES.passwordWeak} ${reason}`);
      }
      for (const message of [MESSAGES.passwordCommon, MESSAGES.passwordWeak, MESSAGES.passwordContext]) expect(message).toContain(ADVICE);
    });

    it('refuses what no list holds but a guesser tries early: keyboard walks, dates, repeats past 64 characters', () => {
      for (const password of ['mnbvcxz;lkj', '19/04/1987!', '14.07.1989!!', '1'.repeat(256), 'ab'.repeat(40) + 'Violet-Kestrel-Orbit-19']) {
        expect(passwordProblem(password, {}), password).toMatch(/^This password is too easy to guess\./);
      }
    });

    it("counts the member's own words (names, email and its domain) as the first guesses, reversed too", () => {
      const morgan = { first_name: 'Morgan', last_name: 'Vasquez', user_name: 'mvasquez', email: 'morgan.vasquez@harborlantern.io' };
      // Neither spells out a name or the email's local part (one is the domain, one the local part
      // reversed): only the estimator, given them as context, sees them.
      for (const password of ['harborlantern!2026', 'Zeuqsav.Nagrom.7']) {
        expect(passwordProblem(password, morgan), password).toBe(`${MESSAGES.passwordWeak} It is built from your own name, username or email, or from words about this portal.`);
        expect(passwordProblem(password, pat), password).toBeUndefined();
      }
    });

    it('accepts a long passphrase of unrelated words and a random mix', () => {
      for (const password of ['violet tundra mechanic orbit pelican 47', 'Quiet-Harbor-Lantern-58', 'sunny-meadow-lantern', 'k7#Vq2!mRw9z']) {
        expect(passwordProblem(password, pat), password).toBeUndefined();
      }
    });
  });
});
