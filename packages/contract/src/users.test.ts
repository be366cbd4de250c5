import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email.js';
import { normalizeState, toTitleCase } from './text.js';
import { MESSAGES } from './messages.js';
import { signupUserSchema, loginBodySchema, resetPasswordBodySchema, profileEditUserSchema, signupEditUserSchema } from './users.js';

const valid = {
  first_name: 'jane',
  last_name: 'doe',
  user_name: 'JaneD',
  email: 'Jane@Example.com',
  phone_number: '5125550100',
  password: 'password1',
  password_confirmation: 'password1',
  referrer_name: '',
  address_1: '1 Main St',
  address_2: '',
  city: 'austin',
  state: 'tx',
  zip: '78701',
  account_type: 'sales_partner',
};

function errorsOf(input: Record<string, unknown>) {
  const result = signupUserSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('signup rules (member-app.md 5)', () => {
  it('accepts a complete signup and applies the transforms before sending', () => {
    const parsed = signupUserSchema.parse(valid);
    expect(parsed).toMatchObject({ first_name: 'Jane', last_name: 'Doe', user_name: 'janed', email: 'jane@example.com', city: 'Austin', state: 'TX', address_1: '1 main st' });
  });

  it.each(['first_name', 'last_name', 'user_name', 'address_1', 'city', 'state'])('requires %s to be non-empty after trimming', (field) => {
    expect(errorsOf({ ...valid, [field]: '   ' })).toHaveProperty(field);
  });

  it('leaves address line 2 and the referrer name optional', () => {
    const { address_2: _a, referrer_name: _r, ...rest } = valid;
    expect(signupUserSchema.safeParse(rest).success).toBe(true);
  });

  it.each(['jane', 'jane@', 'jane@example', '@example.com', 'jane@example.c0m', 'ja ne@example.com'])('rejects the email %s', (email) => {
    expect(errorsOf({ ...valid, email })).toEqual({ email: MESSAGES.invalidEmail });
  });

  it('checks the general email limits: 254 total, 64 local, 63 per label', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isValidEmail(`a@${'b'.repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`a@${'b'.repeat(64)}.com`)).toBe(false);
    expect(isValidEmail(`a@${Array.from({ length: 5 }, () => 'c'.repeat(60)).join('.')}.com`)).toBe(false);
  });

  it.each(['555123456', '55512345678', '555-123-4567', 'abcdefghij'])('requires exactly 10 digits of phone: %s', (phone_number) => {
    expect(errorsOf({ ...valid, phone_number })).toEqual({ phone_number: 'Phone number must be 10 digits only.' });
  });

  it('requires 8 characters of password, with a matching confirmation', () => {
    expect(errorsOf({ ...valid, password: 'short12', password_confirmation: 'short12' })).toMatchObject({ password: MESSAGES.passwordTooShort, password_confirmation: MESSAGES.passwordTooShort });
    expect(errorsOf({ ...valid, password_confirmation: 'password2' })).toEqual({ password_confirmation: MESSAGES.passwordMismatch });
  });

  it.each([
    ['78701', true],
    ['78701-1234', true],
    ['7870', false],
    ['78701-12', false],
    ['78701 1234', false],
  ])('ZIP %s valid: %s', (zip, ok) => {
    expect(signupUserSchema.safeParse({ ...valid, zip }).success).toBe(ok);
  });

  it('accepts only the two partner plans at signup', () => {
    expect(errorsOf({ ...valid, account_type: 'admin' })).toHaveProperty('account_type');
    expect(errorsOf({ ...valid, account_type: 'referral_partner' })).toEqual({});
  });
});

describe('text transforms', () => {
  it('title-cases names and cities', () => {
    expect(toTitleCase('  mary   ANN  ')).toBe('Mary Ann');
    expect(toTitleCase('jean-luc')).toBe('Jean-Luc');
  });
  it('upper-cases a 2-letter state, title-cases anything else', () => {
    expect(normalizeState('ca')).toBe('CA');
    expect(normalizeState('new mexico')).toBe('New Mexico');
  });
});

describe('other account bodies', () => {
  it('login requires both email and password', () => {
    expect(loginBodySchema.safeParse({ user: { email: 'a@b.co', password: '' } }).success).toBe(false);
    expect(loginBodySchema.parse({ user: { email: ' A@B.CO ', password: 'x' } }).user.email).toBe('a@b.co');
  });
  it('reset requires a token and matching passwords', () => {
    const result = resetPasswordBodySchema.safeParse({ user: { reset_password_token: 't', password: 'password1', password_confirmation: 'password2' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Password and password confirmation do not match.');
  });
  it('profile edit is partial; signup edit refuses unknown fields', () => {
    expect(profileEditUserSchema.safeParse({ city: 'x' }).success).toBe(true);
    expect(signupEditUserSchema.safeParse({ company_role: 'full_access_admin' }).success).toBe(false);
  });
});
