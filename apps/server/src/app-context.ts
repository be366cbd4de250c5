import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { BackgroundTasks } from './lib/background-tasks.js';
import type { Database, RunStatement } from './db/client.js';
import type { PaymentProvider } from './lib/billing/index.js';
import type { PayoutProvider } from './lib/payouts/index.js';
import type { Bus } from './lib/bus.js';
import type { Mailer } from './lib/mailer.js';
import type { MalwareScanner } from './lib/malware-scanner.js';
import type { UploadSlots } from './lib/upload-slots.js';
import type { FileStorage } from './lib/storage/index.js';
import type { AccessTokens } from './lib/tokens.js';
import type { SessionCache } from './lib/session-cache.js';
import type { UnsubscribeTokens } from './lib/unsubscribe-token.js';
import type { Resolver } from './lib/safe-target.js';
import type { SecretBox } from './lib/secret-box.js';
import type { WebhookWorker } from './lib/webhook-worker.js';
import type { PushWorker } from './lib/push-worker.js';

/** What every service needs, built once by buildApp() and shared by routes and plugins. */
export interface AppContext {
  config: Config;
  db: Database;
  /** The hot paths' plain, prepared SQL (db/client.ts Statement), on the same connections as `db`. */
  run: RunStatement;
  tokens: AccessTokens;
  /** Authenticated sessions kept for SESSION_CACHE_SECONDS (docs/decisions/028). */
  sessions: SessionCache;
  /** Signs and checks the one-click unsubscribe links of notification emails (docs/decisions/023). */
  unsubscribeTokens: UnsubscribeTokens;
  mailer: Mailer;
  /** Work started by a request and finished after its answer (docs/decisions/008). */
  background: BackgroundTasks;
  storage: FileStorage;
  bus: Bus;
  /** Stripe or the local test provider (issue 6). */
  billing: PaymentProvider;
  /** Stripe Connect or the local simulation, as billing is (issue 38 item 2, docs/decisions/047). */
  payouts: PayoutProvider;
  log: FastifyBaseLogger;
  /** clamd, or none (ASVS 5.4.3; CLAMAV_URL). */
  malwareScanner: MalwareScanner;
  /** Uploads in progress per user (UPLOAD_CONCURRENCY_PER_USER). */
  uploadSlots: UploadSlots;
  /** The webhook outbox's worker (issue 40 item 3): `wake()` after committing a change that wrote deliveries. */
  webhooks: WebhookWorker;
  /** Seals and opens the endpoints' signing secrets (lib/webhook-secrets.ts). */
  webhookSecrets: SecretBox;
  /** Resolves a webhook URL's host for the safe-target check (tests put a fake one here; nothing resolves a real host in tests). */
  resolveHost: Resolver;
  /** The web push outbox's worker (issue 41 item 3): `wake()` after committing notifications. */
  push: PushWorker;
}
