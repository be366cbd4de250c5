import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { exactAnswerSerializerCompiler, responseSerializerCompiler } from './lib/response-serializer.js';
import { applyFixedHeaders, fixedHeadersOf } from './lib/fixed-headers.js';
import { lazyChildLoggerFactory } from './lib/request-logger.js';
import { randomUUID } from 'node:crypto';
import type { AppContext } from './app-context.js';
import { defaultTokenScope, type RouteTableEntry } from './route-table.js';
import { isWebAppPath, PUSH_TIMEOUT_MS, SHARE_PATH_PREFIX, WEBHOOK_RESPONSE_EXCERPT_BYTES, WEBHOOK_TIMEOUT_MS } from '@sunin/contract';
import { trustProxyOption, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { BackgroundTasks } from './lib/background-tasks.js';
import { Mailer } from './lib/mailer.js';
import { safeLookup, systemResolver, type Resolver } from './lib/safe-target.js';
import { webhookSecretBox } from './lib/webhook-secrets.js';
import { WebhookSender } from './lib/webhook-sender.js';
import { WebhookWorker, type WebhookWorkerOptions } from './lib/webhook-worker.js';
import { PushSender } from './lib/push-sender.js';
import { PushWorker, type PushWorkerOptions } from './lib/push-worker.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { tellOwnerEndpointDisabled } from './modules/webhooks/webhook-notices.js';
import { webhookEndpointRoutes } from './modules/webhooks/webhook-endpoints.routes.js';
import { notificationPreferencesRoutes, unsubscribeRoutes } from './modules/notifications/preferences.routes.js';
import { UnsubscribeTokens } from './lib/unsubscribe-token.js';
import { serializeError } from './lib/safe-error.js';
import { strictInput } from './lib/strict-input.js';
import type { ZodType } from 'zod';
import { createStorage } from './lib/storage/index.js';
import { createMalwareScanner } from './lib/malware-scanner.js';
import { createUploadSlots, RedisUploadSlots } from './lib/upload-slots.js';
import { LocalBus, RedisBus, type Bus } from './lib/bus.js';
import { SessionCache } from './lib/session-cache.js';
import { realtimePlugin } from './plugins/realtime.js';
import { apiDocsRoutes } from './plugins/api-docs.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { proposalsRoutes } from './modules/proposals/proposals.routes.js';
import { adminProposalsRoutes } from './modules/admin/admin-proposals.routes.js';
import { adminAuditRoutes } from './modules/admin/admin-audit.routes.js';
import { adminEstimateRoutes } from './modules/estimate/estimate.routes.js';
import { adminTariffRoutes, tariffRoutes } from './modules/tariffs/tariffs.routes.js';
import { adminEarningsRoutes, earningsRoutes } from './modules/earnings/earnings.routes.js';
import { adminClawbackRoutes } from './modules/earnings/clawbacks.routes.js';
import { taxFormRoutes } from './modules/earnings/tax-form.routes.js';
import { statementRoutes } from './modules/earnings/statement.routes.js';
import { adminStallRoutes } from './modules/stalls/stalls.routes.js';
import { adminBoardRoutes } from './modules/board/board.routes.js';
import { adminAnalyticsRoutes, userAnalyticsRoutes } from './modules/analytics/analytics.routes.js';
import { adminExportRoutes } from './modules/admin/admin-export.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { publicShareRoutes, shareRoutes } from './modules/shares/shares.routes.js';
import { userLogoRoutes } from './modules/users/logo.routes.js';
import { referralRoutes } from './modules/referrals/referral.routes.js';
import { userLeadsRoutes } from './modules/referrals/user-leads.routes.js';
import { adminLeadsRoutes } from './modules/referrals/admin-leads.routes.js';
import { leadUsageFileRoutes } from './modules/referrals/lead-usage-file.routes.js';
import { AccessTokens } from './lib/tokens.js';
import { createPaymentProvider, stripeContentSecurityPolicy } from './lib/billing/index.js';
import { createPayoutProvider } from './lib/payouts/index.js';
import { payoutAccountRoutes, stripeConnectWebhookRoutes } from './modules/earnings/payout-account.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { sessionAuthority } from './modules/auth/session-authority.js';
import { sessionsRoutes } from './modules/auth/sessions.routes.js';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes.js';
import { mfaRoutes } from './modules/mfa/mfa.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { projectsRoutes } from './modules/projects/projects.routes.js';
import { sitemapRoutes, trainingRoutes } from './modules/site/site.routes.js';
import { PrerenderedPages, pickEncoding } from './modules/site/prerendered-pages.js';
import multipart from '@fastify/multipart';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { AppError } from './lib/app-error.js';
import { rateLimitsPlugin } from './plugins/rate-limits.js';
import { referralLinkRoutes } from './modules/referrals/referral-link.routes.js';
import { publicLeadsRoutes } from './modules/referrals/public-leads.routes.js';
import { leadRegistrationRoutes } from './modules/referrals/lead-registration.routes.js';
import { referralSettingsRoutes } from './modules/referrals/referral-settings.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    database: DatabaseHandle;
    /** Every route registered (method, URL, schema): the security suite is generated from it. */
    routeTable: RouteTableEntry[];
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An already open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** Pino options override (tests pass `false`). */
  logger?: boolean | object;
  /** Where the default logger writes (stdout when absent); tests read the log lines from it. */
  logStream?: { write(line: string): void };
  /**
   * The webhook worker's clock and concurrency (tests move the clock), its poll interval (a test
   * of the wake after a commit sets it beyond the test), and the host resolver of the safe-target check.
   */
  webhooks?: Pick<WebhookWorkerOptions, 'now' | 'concurrency' | 'pollIntervalMs'> & { resolve?: Resolver };
  /** The push worker's clock and poll interval (tests move the clock; a test of the wake after a commit sets the interval beyond the test). */
  push?: Pick<PushWorkerOptions, 'now' | 'pollIntervalMs' | 'lanes'>;
}

/**
 * A request's address for the log, without the secrets some addresses carry: the cable's
 * `?token=` (a JWT), the verification link's `?token=`, the reset link's path segment and a
 * customer link's token.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|reset_password_token)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/password-reset-form\/)[^/?#]+/i, '$1[redacted]')
    // A customer link's token, in its page and its public API (issue 36).
    .replace(/(\/api\/public\/shares\/|^\/p\/)[^/?#]+/i, '$1[redacted]');
}

/** What deliveries say they are, so a receiver's logs can tell them apart. */
const WEBHOOK_USER_AGENT = 'SunIn-Partner-Portal-Webhooks/1';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Every file of the web build, as the URL path that serves it (`/assets/app-1a2b.js`), without
 * the `.br` and `.gz` siblings the build writes beside text files. Read once at start-up: a
 * request path is only ever looked up in this set, never joined onto the disk path.
 */
function listBuildFiles(webDistDir: string): Set<string> {
  const files = new Set<string>();
  if (!existsSync(webDistDir)) return files;
  for (const entry of readdirSync(webDistDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.br') || entry.name.endsWith('.gz')) continue;
    const relative = path.relative(webDistDir, path.join(entry.parentPath, entry.name));
    files.add(`/${relative.split(path.sep).join('/')}`);
  }
  return files;
}

/** Builds the whole server. Production (server.ts) and every API test use this one function. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger ?? {
        level: config.logLevel,
        ...(options.logStream ? { stream: options.logStream } : {}),
        // No secrets in logs: tokens, cookies and passwords never reach a log line.
        serializers: {
          req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip }),
          // Without query parameters or row data: they hold password digests and reset links.
          err: serializeError,
        },
        // The customer's signing code (issue 36 item 4) by its full path: a bare `*.code` would
        // also hide every logged error's code.
        // current_password also at the top and two levels down: the admin's own password sits
        // beside `user` in a body (issue 34 item 2), so a logged body or request carries it there.
        // A W-9's TIN (issue 38 item 1) wherever a logged body could carry it.
        redact: {
          paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.password_confirmation', 'current_password', '*.current_password', '*.*.current_password', '*.token', '*.otp_code', '*.secret', '*.recovery_codes', 'signature.code', '*.signature.code', '*.*.signature.code', 'tax_form.tin', '*.tax_form.tin', '*.*.tax_form.tin', '*.tin'],
          censor: '[redacted]',
        },
      },
    // A request's logger is made when it first writes a line (issue 42 item 1).
    childLoggerFactory: lazyChildLoggerFactory,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // The scope the route declares, or the default of its URL (the auth plugin gives it the same).
    const tokenScope = route.config?.tokenScope ?? defaultTokenScope(route.url, [route.method].flat());
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, ...(route.schema ? { schema: route.schema } : {}), ...(tokenScope ? { tokenScope } : {}) });
    }
  });
  // Bodies and queries refuse unknown keys (issue 14 item 15); params are the URL's own.
  app.setValidatorCompiler<ZodType>((route) => validatorCompiler(route.httpPart === 'body' || route.httpPart === 'querystring' ? { ...route, schema: strictInput(route.schema) } : route));
  // Answers are written by serializers compiled from the contract's schemas (issue 19 item 1),
  // and checked against them first outside production.
  app.setSerializerCompiler(responseSerializerCompiler({ check: !config.isProduction }));
  // A route that builds its answers exactly as the contract says writes them with JSON.stringify (issue 42 item 1).
  const exactAnswers = exactAnswerSerializerCompiler({ check: !config.isProduction });
  app.addHook('onRoute', (route) => {
    if (route.config?.exactAnswer === true) route.serializerCompiler = exactAnswers as typeof route.serializerCompiler;
  });
  // Hooks on every request take a callback rather than being async: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  // PostgreSQL text cannot hold U+0000 (it would fail the query with a 500): refused up front.
  app.addHook('preValidation', (request, _reply, done) => {
    done(containsNul(request.query) || containsNul(request.params) || containsNul(request.body) ? new AppError('bad_request', 'The request contains a NUL character, which is not allowed.') : undefined);
  });

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      lockDir: config.dataDir,
      onPoolError: (error) => app.log.error({ err: error }, 'database pool error'),
    }));
  const unsubscribeTokens = new UnsubscribeTokens(config.jwtSecret);
  // Before the mailer: it reads mail attachments from storage when it sends (issue 36 item 4).
  const storage = await createStorage(config);
  const mailer = new Mailer({
    db: database.db,
    run: database.run,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    maxAttempts: config.mailMaxAttempts,
    connections: config.mailSmtpConnections,
    retention: config.mailRetention,
    log: app.log,
    storage,
    // The templates (React Email) load with the first templated message, not at start-up.
    render: async (template, data) => (await import('./modules/notifications/mail/render.js')).renderTemplatedMail(template, data, { appUrl: config.appUrl, unsubscribeTokens }),
  });
  const background = new BackgroundTasks(app.log);
  app.decorate('database', database);
  const bus: Bus = config.redisUrl
    ? new RedisBus(config.redisUrl, config.redisNamespace, (error) => app.log.warn({ err: error }, 'realtime redis error'))
    : new LocalBus();
  if (bus instanceof RedisBus) await bus.ready;
  const malwareScanner = createMalwareScanner(config.clamav);
  const uploadSlots = createUploadSlots(config.redisUrl, config.redisNamespace, (error) => app.log.warn({ err: error }, 'upload-slots redis error'));
  // Like the bus: connected before the first request (until then it counts in memory).
  if (uploadSlots instanceof RedisUploadSlots) await uploadSlots.ready;
  // Cached sessions drop what any process says has ended or changed (docs/decisions/028).
  const sessions = new SessionCache(config.sessionCacheMs);
  bus.onMessage((message) => {
    if ('revoke' in message) sessions.dropSessions(message.revoke.jtis);
    else if ('usersChanged' in message) sessions.dropUsers(message.usersChanged);
  });
  // Webhooks (issue 40 items 3 and 4): checked again at every connection, so DNS rebinding fails.
  const resolveHost = options.webhooks?.resolve ?? systemResolver;
  const webhookSecrets = webhookSecretBox(config.mfaEncryptionKey);
  const targetPolicy = { isProduction: config.isProduction };
  const webhooks: WebhookWorker = new WebhookWorker({
    db: database.db,
    sender: new WebhookSender({ policy: targetPolicy, lookup: safeLookup(targetPolicy, (host) => app.ctx.resolveHost(host)), timeoutMs: WEBHOOK_TIMEOUT_MS, excerptBytes: WEBHOOK_RESPONSE_EXCERPT_BYTES, userAgent: WEBHOOK_USER_AGENT }),
    secrets: webhookSecrets,
    log: app.log,
    onEndpointDisabled: (tx, endpoint) => tellOwnerEndpointDisabled(app.ctx, tx, endpoint),
    ...(options.webhooks?.now ? { now: options.webhooks.now } : {}),
    ...(options.webhooks?.concurrency ? { concurrency: options.webhooks.concurrency } : {}),
    ...(options.webhooks?.pollIntervalMs ? { pollIntervalMs: options.webhooks.pollIntervalMs } : {}),
  });
  // Web push (issue 41 item 3): push services are reached like webhook receivers, through the same checked lookup.
  const push = new PushWorker({
    db: database.db,
    sender: config.push
      ? new PushSender({ policy: targetPolicy, lookup: safeLookup(targetPolicy, (host) => app.ctx.resolveHost(host)), timeoutMs: PUSH_TIMEOUT_MS, vapid: config.push })
      : undefined,
    log: app.log,
    ...(options.push?.now ? { now: options.push.now } : {}),
    ...(options.push?.pollIntervalMs ? { pollIntervalMs: options.push.pollIntervalMs } : {}),
    ...(options.push?.lanes ? { lanes: options.push.lanes } : {}),
  });
  app.decorate('ctx', { config, db: database.db, run: database.run, tokens: new AccessTokens(config.jwtSecret), sessions, unsubscribeTokens, mailer, background, storage, bus, billing: await createPaymentProvider(config, database.db), payouts: await createPayoutProvider(config), log: app.log, malwareScanner, uploadSlots, webhooks, webhookSecrets, resolveHost, push });
  // The outbox workers run in every process (docs/decisions/008); closing waits for a send in progress.
  app.addHook('onReady', async () => {
    mailer.start();
    webhooks.start();
    push.start();
  });
  app.addHook('onClose', async () => {
    app.ctx.payouts.close();
    await background.drain();
    await webhooks.close();
    await push.close();
    await mailer.close();
    await bus.close();
    await uploadSlots.close();
    if ('close' in storage && typeof storage.close === 'function') storage.close();
    if (!options.database) await database.close();
  });

  await app.register(errorsPlugin);
  // Security headers. helmet's middleware is built once here and what it writes is applied to every
  // answer (API, pages, files, 404s); @fastify/helmet rebuilt it, CSP parsing included, on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeContentSecurityPolicy(config).scriptSrc],
        frameSrc: ["'self'", ...stripeContentSecurityPolicy(config).frameSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Only the portal itself (issue 13 item 9): data: is inline (Swagger UI's icons), not a host.
        imgSrc: ["'self'", 'data:', ...stripeContentSecurityPolicy(config).imgSrc],
        // 'self' covers the same-origin websocket in CSP 3; the APP_URL origin says it for older browsers.
        connectSrc: ["'self'", websocketOrigin(config.appUrl), ...stripeContentSecurityPolicy(config).connectSrc],
        fontSrc: ["'self'", 'data:'],
        // Training videos may be hosted elsewhere (TRAINING_VIDEO_BASE_URL).
        mediaSrc: ["'self'", ...(config.trainingVideoBaseUrl ? [new URL(config.trainingVideoBaseUrl).origin] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        // ASVS 3.4.3: no <base> may redirect relative URLs (helmet's default is 'self').
        baseUri: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Its headers are the same for every answer: worked out once, written per request (issue 42 item 1).
  const fixedSecurityHeaders = fixedHeadersOf(securityHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    applyFixedHeaders(reply.raw, fixedSecurityHeaders);
    done();
  });
  // The plugins sit below the modules and import none: they reach the sessions through this (docs/decisions/057).
  const authority = sessionAuthority(app.ctx);
  await app.register(authPlugin, { authority });
  // After the auth plugin: the reference asks for a signed-in user in production.
  await app.register(apiDocsRoutes(routeTable));
  // One file per request (member-app.md 7); the size limit answers 413.
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 } });
  await app.register(rateLimitsPlugin);
  await app.register(realtimePlugin, { authority });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(userLogoRoutes);
      await api.register(sessionsRoutes);
      await api.register(apiTokensRoutes);
      await api.register(mfaRoutes);
      await api.register(projectsRoutes);
      await api.register(trainingRoutes);
      await api.register(proposalsRoutes);
      await api.register(notificationsRoutes);
      await api.register(notificationPreferencesRoutes);
      await api.register(pushRoutes);
      await api.register(unsubscribeRoutes);
      await api.register(adminProposalsRoutes);
      await api.register(adminAuditRoutes);
      await api.register(adminEstimateRoutes);
      await api.register(tariffRoutes);
      await api.register(adminTariffRoutes);
      await api.register(earningsRoutes);
      await api.register(adminEarningsRoutes);
      await api.register(adminClawbackRoutes);
      await api.register(taxFormRoutes);
      await api.register(statementRoutes);
      await api.register(payoutAccountRoutes);
      await api.register(stripeConnectWebhookRoutes);
      await api.register(adminStallRoutes);
      await api.register(adminBoardRoutes);
      await api.register(userAnalyticsRoutes);
      await api.register(adminAnalyticsRoutes);
      await api.register(adminExportRoutes);
      await api.register(billingRoutes);
      await api.register(stripeWebhookRoutes);
      await api.register(adminRoutes);
      await api.register(shareRoutes);
      await api.register(publicShareRoutes);
      await api.register(publicLeadsRoutes);
      await api.register(leadRegistrationRoutes);
      await api.register(referralSettingsRoutes);
      await api.register(referralRoutes);
      await api.register(userLeadsRoutes);
      await api.register(adminLeadsRoutes);
      await api.register(leadUsageFileRoutes);
      await api.register(webhookEndpointRoutes);
    },
    { prefix: '/api' },
  );
  const buildFiles = listBuildFiles(config.webDistDir);
  const hasWeb = buildFiles.has('/index.html');
  const prerendered = new PrerenderedPages(config.webDistDir, buildFiles, config.appUrl);
  await app.register(sitemapRoutes, { pages: prerendered });
  await app.register(referralLinkRoutes);
  if (!config.isProduction) await app.register(mailboxRoutes);

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      // reply.sendFile only: the route below serves the build's files (issue 19 item 7: no
      // route per file found by a glob at start-up, no file system look-up for other paths).
      serve: false,
      index: false,
      // The web build writes .br and .gz beside every text file: served when accepted.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Neither this handler nor the not-found one returns the reply: a reply is a thenable, and
    // Fastify and the await inside sendFile each wait on it with one more 'close' listener on the
    // response, which went past Node's ten (MaxListenersExceededWarning) for an index.html
    // answered through both.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      // The prerendered pages are answered by their routes, with the site's address filled in.
      if (buildFiles.has(url) && !url.startsWith('/pages/')) void reply.sendFile(url.slice(1));
      else reply.callNotFound();
    });
  }

  // Unknown /api paths answer JSON 404. Any other GET serves the web app: its prerendered page
  // or index.html, with 200 at an address the app has a page for and 404 elsewhere, where the
  // app shows its not-found page (issue 20 item 4).
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (!url.startsWith('/api') && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('Cache-Control', 'no-cache');
      const route = prerendered.routeOf(url);
      if (route) {
        prerendered.answer(route).then(
          (page) => {
            reply.header('Content-Type', 'text/html; charset=utf-8').header('Vary', 'Accept-Encoding').header('ETag', page.etag).header('Last-Modified', page.lastModified.toUTCString());
            if (request.headers['if-none-match'] === page.etag) return void reply.status(304).send();
            const encoding = pickEncoding(request.headers['accept-encoding']);
            if (encoding) reply.header('Content-Encoding', encoding);
            reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
          },
          (error: unknown) => reply.send(error),
        );
        return;
      }
      // The unsubscribe page's address holds a signed token, a customer link's its token:
      // never indexed (issue 18 item 4, issue 36 item 1).
      if (NOINDEX_PATHS.has(url) || url.startsWith(SHARE_PATH_PREFIX)) reply.header('X-Robots-Tag', 'noindex, nofollow');
      // A 404 answers in full even to a conditional request: a 304 would keep the status and
      // leave the browser a blank page.
      if (!isWebAppPath(url)) void reply.status(404).sendFile('index.html', { etag: false, lastModified: false });
      else void reply.sendFile('index.html');
      return;
    }
    reply.status(404).send({ error: { code: 'not_found', message: `No route for ${request.method} ${url}.` } });
  });

  return app;
}

/** ws://host or wss://host of the portal's public address: where /cable lives. */
/** Web app pages that search engines must not index. */
const NOINDEX_PATHS = new Set(['/unsubscribe']);

function websocketOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** Whether a parsed query, params object or JSON body holds U+0000 in any key or string. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}
