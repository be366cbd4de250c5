import { WEBHOOK_EVENT_DATA_SCHEMAS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@sunin/contract';
import { desc, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { webhookDeliveries } from '../db/schema/index.js';
import type { SignedIn, TestApp } from './test-app.js';

/** One delivery the outbox wrote: the test's name of its endpoint, its type and its data (checked against the contract). */
export interface OutboxDelivery {
  endpoint: string | undefined;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/**
 * The webhook event tests' view of the outbox (issue 40 item 3): endpoints subscribed to every
 * event under names the test chooses, and the deliveries written since the last look, each body
 * checked against the contract's schema of its type (which the API reference shows).
 */
export function webhookOutbox(t: TestApp) {
  const endpoints = new Map<number, string>();
  let seen = 0;

  /** Subscribes `who` to every event at `url` (company-wide when asked), under `name`. */
  async function subscribe(name: string, who: SignedIn, url: string, companyWide = false): Promise<number> {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhook_endpoints', headers: who.auth, payload: { webhook_endpoint: { url, events: [...WEBHOOK_EVENT_TYPES], company_wide: companyWide } } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().webhook_endpoint.id as number;
    endpoints.set(id, name);
    return id;
  }

  /** The deliveries written since the last call, newest first. */
  async function newDeliveries(): Promise<OutboxDelivery[]> {
    const rows = await t.db.select().from(webhookDeliveries).where(gt(webhookDeliveries.id, seen)).orderBy(desc(webhookDeliveries.id));
    seen = Math.max(seen, ...rows.map((row) => row.id));
    return rows.map((row) => {
      const body = JSON.parse(row.body) as { type: WebhookEventType; timestamp: string; data: unknown };
      expect(body.type).toBe(row.event_type);
      expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
      expect(row.message_id).toMatch(/^msg_[0-9a-f]{32}$/);
      const data = WEBHOOK_EVENT_DATA_SCHEMAS[body.type].parse(body.data);
      return { endpoint: endpoints.get(row.endpoint_id), type: body.type, data: data as Record<string, unknown> };
    });
  }

  /** The names of the endpoints that got a `type` among `rows`, sorted. */
  const to = (rows: OutboxDelivery[], type: WebhookEventType) =>
    rows
      .filter((row) => row.type === type)
      .map((row) => row.endpoint)
      .sort();

  return { subscribe, newDeliveries, to };
}
