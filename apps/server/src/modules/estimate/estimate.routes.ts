import {
  DEFAULT_ESTIMATE_ASSUMPTIONS,
  ESTIMATE_SOURCES,
  estimateAssumptionsBodySchema,
  estimateAssumptionsResponseSchema,
  estimateInputsQuerySchema,
  estimateInputsSchema,
  estimateSchema,
  idParamsSchema as projectParams,
  stateCode,
  usageImportSchema,
  type UsageImport,
} from '@sunin/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { currentUser } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import { INCOMPLETE_BODY_MESSAGE, tooLargeMessage } from '../projects/attachments.service.js';
import { findWritableProject } from '../projects/project-access.js';
import type { ProjectRoutesOptions } from '../projects/project-routes-options.js';
import { receiveUpload, uploadSource } from '../projects/upload-request.js';
import type { UploadFileStream } from '../projects/upload-stream.js';
import { writeSetting } from '../settings/settings.service.js';
import { parseUsageFile } from '../usage/green-button.js';
import { capUnnamedIntervalImports, saveIntervalImport } from '../usage/interval-imports.js';
import type { BuiltIntervalSeries } from '../usage/interval-series.js';
import type { Executor } from '../../db/client.js';
import { projectEstimate, projectEstimateInputs, readEstimateAssumptions } from './estimate.service.js';

/**
 * Issue 16: a project's savings estimate and the Green Button usage import, under the member's
 * projects and the admin area's alike (the scope decides whose projects answer).
 */
export function registerProjectEconomicsRoutes(app: FastifyInstance, options: ProjectRoutesOptions): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { prefix, scopeOf } = options;
  const tags = [`${options.tagPrefix ?? ''}Savings estimate`];

  typed.get(
    `${prefix}/:id/estimate`,
    { schema: { tags, summary: "A preliminary savings and financing estimate from the project's own data (DOMAIN.md 1)", params: projectParams, response: { 200: estimateSchema } } },
    async (request) => projectEstimate(app.ctx, scopeOf(request), request.params.id),
  );

  typed.get(
    `${prefix}/:id/estimate-inputs`,
    {
      schema: {
        tags,
        summary: "The assumptions, the meters' tariffs and their interval data, for the web app to recompute the estimate as the partner types (issue 35 item 5)",
        params: projectParams,
        querystring: estimateInputsQuerySchema,
        response: { 200: estimateInputsSchema },
      },
    },
    async (request) => projectEstimateInputs(app.ctx, scopeOf(request), request.params.id, { tariffIds: request.query.tariff_ids ?? [], intervalImportIds: request.query.interval_import_ids ?? [] }),
  );

  typed.post(
    `${prefix}/:id/usage-imports`,
    {
      // The project does not change (interval data is kept aside until a save names it): the admin area's other tabs have nothing to refresh.
      config: { changesNothing: true },
      schema: {
        tags,
        summary:
          'Read a Green Button file (ESPI XML, CSV, or a ZIP holding one; multipart field "file") into 12 calendar months per meter; the project does not change, and interval data is kept aside until a save names it',
        params: projectParams,
        consumes: ['multipart/form-data'],
        response: { 200: usageImportSchema },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const maxBytes = app.ctx.config.uploadMaxBytes;
      return receiveUpload(
        app,
        request,
        async () => {
          const project = await findWritableProject(app.ctx.db, scope, request.params.id);
          const { stream } = await uploadSource(request, maxBytes).open();
          const file = stream as UploadFileStream;
          const tooLarge = () => new AppError('payload_too_large', tooLargeMessage(maxBytes), { file: tooLargeMessage(maxBytes) });
          try {
            const result = await parseUsageFile(file, { state: stateCode(project.state), maxBytes });
            if (file.truncated) throw tooLarge();
            const { series, first_month_index: _first, ...answer } = result;
            const interval_imports = await keepIntervalSeries(app.ctx.db, project.id, series, result.months);
            return { ...answer, interval_imports } satisfies UsageImport;
          } catch (error) {
            file.resume();
            if (file.truncated) throw tooLarge();
            if (error instanceof AppError) throw error;
            // The multipart stream broke (a body cut off before its end): the client's mistake.
            throw new AppError('bad_request', INCOMPLETE_BODY_MESSAGE);
          }
        },
        scope.user.id,
      );
    },
  );
}

/**
 * Issue 35 item 3: the interval series of an import's meters, kept aside for the project until a
 * save names them (the import itself replaces nothing; the project's older unnamed imports are
 * capped). Answers each meter's { id, step_minutes } or null.
 */
async function keepIntervalSeries(db: Executor, projectId: number, series: (BuiltIntervalSeries | null)[], months: string[]): Promise<UsageImport['interval_imports']> {
  if (series.every((item) => item === null)) return series.map(() => null);
  return db.transaction(async (tx) => {
    const kept: UsageImport['interval_imports'] = [];
    for (const item of series) {
      if (!item) {
        kept.push(null);
        continue;
      }
      const id = await saveIntervalImport(tx, projectId, { ...item, first_month: months[0]!, last_month: months[months.length - 1]! });
      kept.push({ id, step_minutes: item.step_seconds / 60 });
    }
    await capUnnamedIntervalImports(
      tx,
      projectId,
      kept.flatMap((item) => (item ? [item.id] : [])),
    );
    return kept;
  });
}

/** GET and PUT /api/admin/estimate-assumptions (full_access_admin only; every change audited). */
export const adminEstimateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onResponse', announceAdminWrites(app));
  const tags = ['Admin: settings'];
  const respond = async () => {
    const setting = await readEstimateAssumptions(app.ctx.db);
    return {
      assumptions: setting.value,
      defaults: DEFAULT_ESTIMATE_ASSUMPTIONS,
      sources: { ...ESTIMATE_SOURCES },
      updated_at: setting.updatedAt?.toISOString() ?? null,
      updated_by_name: setting.updatedByName,
    };
  };

  app.get('/admin/estimate-assumptions', { schema: { tags, summary: 'The assumptions of the savings estimate, with their defaults and sources', response: { 200: estimateAssumptionsResponseSchema } } }, respond);
  app.put(
    '/admin/estimate-assumptions',
    { schema: { tags, summary: 'Replace the assumptions of the savings estimate', body: estimateAssumptionsBodySchema, response: { 200: estimateAssumptionsResponseSchema } } },
    async (request) => {
      const { value: before } = await readEstimateAssumptions(app.ctx.db);
      await writeSetting(app.ctx, currentUser(request).id, 'estimate_assumptions', before, request.body.assumptions);
      return respond();
    },
  );
};
