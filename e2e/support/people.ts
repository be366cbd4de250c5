import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The demo accounts the server seeds into its empty database (apps/server/src/demo/demo-accounts.ts). */
export const DEMO = {
  admin: { email: 'admin@sunin.example', password: 'SunIn-admin-2026', name: 'Avery Admin' },
  sales: { email: 'sales@sunin.example', password: 'SunIn-sales-2026', name: 'Sam Seller' },
  referral: { email: 'referral@sunin.example', password: 'SunIn-referral-2026', name: 'Riley Referrer' },
};

export interface Person {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  password: string;
}

export function newPerson(): Person {
  const id = randomBytes(4).toString('hex');
  return { firstName: 'Jordan', lastName: 'Rivera', userName: `jordan${id}`, email: `jordan.${id}@example.com`, password: `Sunny-${id}-pass` };
}

/** A member made through the API, as the signup form would. */
export async function createMember(request: APIRequestContext, accountType: 'referral_partner' | 'sales_partner' = 'referral_partner'): Promise<Person> {
  const person = newPerson();
  const res = await request.post('/api/signup', {
    data: {
      user: {
        first_name: person.firstName,
        last_name: person.lastName,
        user_name: person.userName,
        email: person.email,
        phone_number: '5125550100',
        password: person.password,
        password_confirmation: person.password,
        address_1: '1 Solar Way',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        account_type: accountType,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return person;
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
}

/** The links of the newest message to `to` in the dev mailbox. */
export async function mailedLinks(request: APIRequestContext, to: string): Promise<string[]> {
  const res = await request.get('/dev/mailbox.json');
  const mail = ((await res.json()) as Array<{ to: string; text: string }>).find((m) => m.to === to);
  return mail ? [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]) : [];
}
