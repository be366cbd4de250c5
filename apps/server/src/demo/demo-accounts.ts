export interface DemoAccount {
  label: string;
  email: string;
  password: string;
}

/** The demo accounts `npm start` creates in an empty development database (README and e2e/support/people.ts list them). */
export const DEMO_ACCOUNTS = {
  admin: { label: 'Administrator', email: 'admin@sunin.example', password: 'SunIn-admin-2026' },
  sales: { label: 'Sales partner (paid)', email: 'sales@sunin.example', password: 'SunIn-sales-2026' },
  referral: { label: 'Referral partner', email: 'referral@sunin.example', password: 'SunIn-referral-2026' },
} as const satisfies Record<string, DemoAccount>;
