import Cookies from 'js-cookie';
import { AUTH_LIFETIME_DAYS, type User } from '@sunin/contract';

/**
 * The session lives in cookies (member-app.md 3 "Cookies"): authorization (the bearer token),
 * account_type and company_role drive the route guards; username, email and id are kept for
 * convenience and removed with the rest on logout.
 */
export const SESSION_COOKIES = {
  authorization: 'authorization',
  accountType: 'account_type',
  companyRole: 'company_role',
  username: 'username',
  email: 'email',
  id: 'id',
} as const;

export interface Session {
  token: string | undefined;
  accountType: string | undefined;
  companyRole: string | undefined;
}

function cookieAttributes(): Cookies.CookieAttributes {
  return {
    path: '/',
    expires: AUTH_LIFETIME_DAYS,
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
  };
}

/** The `Authorization` response header is `Bearer <jwt>`; the cookie keeps the bare jwt. */
export function tokenFromAuthorizationHeader(header: string | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || null;
}

/** Stores what login and signup return (member-app.md 4 "Session"). */
export function saveSession(token: string, user: Pick<User, 'id' | 'user_name' | 'email' | 'account_type' | 'company_role'>): void {
  const attributes = cookieAttributes();
  Cookies.set(SESSION_COOKIES.authorization, token, attributes);
  Cookies.set(SESSION_COOKIES.accountType, user.account_type, attributes);
  if (user.company_role) {
    Cookies.set(SESSION_COOKIES.companyRole, user.company_role, attributes);
  } else {
    Cookies.remove(SESSION_COOKIES.companyRole, { path: '/' });
  }
  saveIdentity(user);
}

/**
 * Replaces the token alone: a password change ends every other session and hands this tab a
 * fresh token (docs/security.md), the other cookies stay as they are.
 */
export function saveToken(token: string): void {
  Cookies.set(SESSION_COOKIES.authorization, token, cookieAttributes());
}

/** Keeps the username, email and id cookies in step after a profile edit. */
export function saveIdentity(user: Pick<User, 'id' | 'user_name' | 'email'>): void {
  const attributes = cookieAttributes();
  Cookies.set(SESSION_COOKIES.username, user.user_name, attributes);
  Cookies.set(SESSION_COOKIES.email, user.email, attributes);
  Cookies.set(SESSION_COOKIES.id, String(user.id), attributes);
}

let sessionStartHandler: (user: User) => void = () => undefined;

/**
 * What a new session (a login or a signup) means beyond its cookies. The app (entry-client.tsx)
 * drops whatever it cached for the previous session and keeps the new user as the current
 * one; the public pages' entry installs nothing, since it leaves the page right after.
 */
export function setSessionStartHandler(handler: (user: User) => void): void {
  sessionStartHandler = handler;
}

/** Stores a new session (saveSession) and tells the app about it (setSessionStartHandler). */
export function startSession(token: string, user: User): void {
  saveSession(token, user);
  sessionStartHandler(user);
}

export function clearSession(): void {
  for (const name of Object.values(SESSION_COOKIES)) {
    Cookies.remove(name, { path: '/' });
  }
}

export function getToken(): string | undefined {
  return Cookies.get(SESSION_COOKIES.authorization) || undefined;
}

/** The signed-in user's id (the `id` cookie), or undefined without a session: whose offline queue and offline cache this tab may use. */
export function getSessionUserId(): string | undefined {
  return getToken() ? Cookies.get(SESSION_COOKIES.id) || undefined : undefined;
}

export function readSession(): Session {
  return {
    token: getToken(),
    accountType: Cookies.get(SESSION_COOKIES.accountType) || undefined,
    companyRole: Cookies.get(SESSION_COOKIES.companyRole) || undefined,
  };
}

