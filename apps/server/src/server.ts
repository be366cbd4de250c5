// First: the V8 settings apply before anything else is allocated.
import './v8-flags.js';
import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { runCluster, workerIndex } from './cluster.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { logMalwareScanning } from './lib/malware-scanner.js';
import { formatError } from './lib/safe-error.js';
import { scheduleLocalRenewals } from './modules/billing/billing.service.js';
import { scheduleHourlyDigests } from './modules/notifications/hourly-digest.js';
import { scheduleWeeklyDigests } from './modules/notifications/weekly-digest.js';
import { scheduleStatements } from './modules/earnings/statement.service.js';
import { scheduleStorageSweep } from './modules/projects/storage-sweep.js';
import { schedulePayoutSweep } from './modules/earnings/payout-sending.service.js';
import { scheduleClockReminders } from './modules/proposals/proposal-clocks.js';
import { scheduleStallAlerts } from './modules/stalls/stalls.service.js';
import { scheduleClawbacks } from './modules/earnings/clawbacks.service.js';
import { scheduleLeadExpiry } from './modules/referrals/lead-expiry.job.js';
import { scheduleWebhookPrune } from './modules/webhooks/webhook-prune.job.js';
import { startupNotices } from './startup-notices.js';

const banner = (config: Config, processes = '') =>
  `\nSunIn Partner Portal is running on ${config.appUrl}${processes}  (API docs: ${config.appUrl}/api/docs${config.isProduction ? '' : `, dev mailbox: ${config.appUrl}/dev/mailbox`})\n`;

async function main(config: Config): Promise<void> {
  const app = await buildApp({ config });
  // In a cluster the first process speaks for all.
  const speaks = (workerIndex() ?? 0) === 0;
  if (speaks) for (const notice of startupNotices(config)) app.log[notice.level](notice.message);
  if (speaks) void logMalwareScanning(app.ctx.malwareScanner, config.clamav, app.log);

  if (config.seedDemo && !config.isProduction) {
    const started = performance.now();
    // The demo (and the PDF library its files need) is loaded only when it seeds.
    const { seedDemoOnce } = await import('./demo/seed.js');
    const created = await seedDemoOnce(app.ctx, app.database);
    if (created.length > 0) {
      app.log.info({ ms: Math.round(performance.now() - started) }, 'Seeded the demo (projects, proposals, notifications) into the empty database; sign in as:');
      for (const account of created) console.info(`  ${account.label.padEnd(22)} ${account.email}  /  ${account.password}`);
    }
    // The customer's side (issue 36): the demo's link to Bayside Brewing's proposal, at every start while it is open.
    const { demoShareLink } = await import('./demo/demo-share.js');
    const link = speaks ? await demoShareLink(app.ctx) : null;
    if (link) console.info(`  A customer's proposal link (Bayside Brewing): ${link}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const stopJobs: Array<() => Promise<void>> = [];
  app.addHook('onClose', async () => void (await Promise.all(stopJobs.map((stop) => stop()))));
  await app.listen({ port: config.port, host: config.host });
  // Background jobs start after listening: a large store must not delay start-up (docs/decisions/006).
  // Each runs in one process of the cluster at a time (docs/decisions/008).
  stopJobs.push(scheduleStorageSweep(app.ctx, app.database), scheduleLocalRenewals(app.ctx, app.database), scheduleClockReminders(app.ctx, app.database));
  stopJobs.push(scheduleStallAlerts(app.ctx, app.database), scheduleWeeklyDigests(app.ctx, app.database), scheduleHourlyDigests(app.ctx, app.database));
  stopJobs.push(scheduleClawbacks(app.ctx, app.database));
  stopJobs.push(scheduleStatements(app.ctx, app.database));
  stopJobs.push(schedulePayoutSweep(app.ctx, app.database));
  stopJobs.push(scheduleLeadExpiry(app.ctx, app.database));
  stopJobs.push(scheduleWebhookPrune(app.ctx, app.database));
  if (!cluster.isWorker) console.info(banner(config));
}

function start(): Promise<void> {
  const config = loadConfig();
  // The embedded database belongs to one process (startup-notices.ts says so when more are asked).
  const processes = config.databaseUrl ? config.webConcurrency : 1;
  if (processes > 1 && cluster.isPrimary) {
    runCluster(processes, (pids) => console.info(banner(config, ` with ${processes} server processes (${pids.join(', ')})`)));
    return Promise.resolve();
  }
  return main(config);
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    // Never the raw error: a failed query's message carries its parameters (password digests).
    console.error(formatError(error));
  }
  process.exit(1);
});
