import type { Config } from './config.js';

export interface StartupNotice {
  level: 'info' | 'warn';
  message: string;
}

/**
 * What an operator must know about this configuration, printed at start-up (issue 13): who
 * takes payments, and whether they are simulated; whether uploaded files can be shared by
 * several processes.
 */
export function startupNotices(config: Config): StartupNotice[] {
  const notices: StartupNotice[] = [];
  if (!config.databaseUrl && config.webConcurrency > 1) {
    notices.push({ level: 'warn', message: `WEB_CONCURRENCY=${config.webConcurrency} is not used: the embedded database belongs to one process, so the portal runs as one. Set DATABASE_URL (PostgreSQL) and REDIS_URL to run several.` });
  }
  if (config.billingProvider === 'stripe') {
    const mode = config.stripe?.secretKey.startsWith('sk_live_') ? 'live mode' : 'test mode';
    notices.push({ level: 'info', message: `Billing: Stripe (${mode}).` });
    if (!config.stripe?.connectWebhookSecret) {
      notices.push({ level: 'warn', message: 'Payouts go through Stripe Connect, but STRIPE_CONNECT_WEBHOOK_SECRET is not set: /api/webhooks/stripe/connect answers 404 and payouts stay "on its way" until it is.' });
    }
  } else {
    notices.push({
      level: 'warn',
      message:
        'Billing: the local test provider. Payments are SIMULATED: anyone can buy the Sales Partner plan with the test card 4242 4242 4242 4242. ' +
        'Set BILLING_PROVIDER=stripe and the STRIPE_* variables to take real payments.',
    });
  }
  if (config.databaseUrl && !config.s3) {
    notices.push({
      level: 'warn',
      message:
        `Uploaded files are kept on this machine's disk (${config.storageDir}). With DATABASE_URL several server processes may run: ` +
        'each must see the same files, so set S3_BUCKET, or point STORAGE_DIR at one directory every process shares. Otherwise a file uploaded through one process is not found through another.',
    });
  }
  // Web push (issue 41 item 3): off in production without its keys.
  if (!config.push) {
    notices.push({ level: 'warn', message: 'Web push is off: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set, so members cannot turn on notifications on their devices (/api/push answers 503). Generate a pair with `npx web-push generate-vapid-keys` and set both.' });
  } else if (config.push.source === 'generated' && config.databaseUrl) {
    notices.push({ level: 'warn', message: `Web push uses VAPID keys generated into ${config.dataDir}/vapid-keys.json. With DATABASE_URL several server processes may run, and each must sign pushes with the same keys: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys), or devices turned on through one process are refused when another sends.` });
  } else if (config.push.source === 'generated') {
    notices.push({ level: 'info', message: `Web push: VAPID keys generated into ${config.dataDir}/vapid-keys.json (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to name your own).` });
  }
  return notices;
}
