/** Business constants of member-app.md 9 and public-site-and-admin.md 9. */

/** Auth cookie lifetime: 2 days (172,800,000 ms), path /. Tokens expire with it. */
export const AUTH_LIFETIME_MS = 172_800_000;
export const AUTH_LIFETIME_DAYS = 2;

export const PASSWORD_MIN_LENGTH = 8;
/** Not a spec rule: a ceiling so that hashing cannot be used to exhaust the server. */
export const PASSWORD_MAX_LENGTH = 256;
export const PHONE_DIGITS = 10;
export const EMAIL_CHECK_DEBOUNCE_MS = 500;

/** Reset links expire after 6 hours (DESIGN.md decisions). */
export const RESET_TOKEN_LIFETIME_MS = 6 * 60 * 60 * 1000;

export const HOME_RECENT_LIMIT = 10;
export const HOME_LIST_HEIGHT_PX = 250;
export const PROJECTS_PAGE_SIZE = 25;
export const NOTIFICATIONS_PAGE_SIZE = 25;
export const ADMIN_PAGE_SIZE = 8;
export const ADMIN_PROJECTS_PAGE_SIZE = 25;
export const MONTHS_PER_METER = 12;
/**
 * The most one meter may use in a month (DOMAIN.md 1c plausibility): more is refused as input,
 * typed or imported, and a stored value beyond it (from before the rule) counts as empty.
 */
export const MAX_MONTHLY_KWH = 50_000_000;
/** The largest average monthly power bill the estimate takes, in dollars: beyond it, unreadable. */
export const MAX_MONTHLY_BILL_USD = 1_000_000_000;
export const NEW_PROJECT_PROGRESS = [20, 40, 60, 95] as const;
export const MIN_SAVING_SPINNER_MS = 1500;
export const THUMBNAIL_SCROLL_PX = 250;

/**
 * Toasts: member area (member-app.md 9), admin area and public pages (public-site-and-admin.md 9,
 * the document of both: 5 s by default, 3 s for success).
 */
export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = { blank: 4000, error: 4000, success: 2000 } as const;
export const ADMIN_TOAST_DURATION_MS = { blank: 5000, error: 5000, success: 3000 } as const;
export const PUBLIC_TOAST_DURATION_MS = { blank: 5000, error: 5000, success: 3000 } as const;

export const CABLE = { staleThresholdSeconds: 6, reopenDelayMs: 500, subscriptionRetryMs: 500 } as const;

export const ACTIVATION = { minimumDisplayMs: 6000, pollMs: 3000, giveUpMs: 30_000, tipRotateMs: 3000 } as const;

export const PLANS = {
  referral_partner: { name: 'Referral Partner', priceLabel: 'Free' },
  sales_partner: { name: 'Sales Partner', priceLabel: '$129/month', monthlyUsd: 129, yearlyUsd: 1399 },
} as const;

export const BIO_PREVIEW_CHARS = 250;
export const PROPOSAL_TURNAROUND_HOURS = 48;

/** The fixed title of every proposal ticket (member-app.md 3). */
export const PROPOSAL_TICKET_TITLE = 'Proposal Management Ticket';
