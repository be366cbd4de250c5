import { publicLeadUsageFileResponseSchema } from '@sunin/contract';
import type { MultipartValue } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { INCOMPLETE_BODY_MESSAGE, tooLargeMessage } from '../projects/attachments.service.js';
import type { UploadFileStream } from '../projects/upload-stream.js';
import { attachLeadUsageFile } from './lead-usage-file.service.js';

/** The multipart framing and the token field around the file (app.ts allows 10 fields of 1 KiB). */
const BODY_OVERHEAD_BYTES = 64 * 1024;
const TOKEN_MESSAGE = 'Send the upload_token field (before the file).';

/**
 * POST /api/public/leads/usage_file (issue 39 item 2): public, the upload token is the only
 * credential. Counted per address (plugins/rate-limits.ts leadUploadsPerIp) before the body is
 * read; a body too large for the limit answers 413 before it is read.
 */
export const leadUsageFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/leads/usage_file',
    {
      preHandler: app.limits.leadUploadsPerIp,
      schema: {
        tags: ['Public: lead form'],
        summary:
          'Attach a Green Button file to the estimate request just sent (multipart: the upload_token field, then the file field; within an hour, once). Judged by content: ESPI XML, CSV, or a ZIP holding one; 410 once the token has expired or been used',
        consumes: ['multipart/form-data'],
        response: { 200: publicLeadUsageFileResponseSchema },
      },
    },
    async (request) => {
      const maxBytes = app.ctx.config.uploadMaxBytes;
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the upload_token and the file as multipart/form-data.');
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > maxBytes + BODY_OVERHEAD_BYTES) throw new AppError('payload_too_large', tooLargeMessage(maxBytes), { file: tooLargeMessage(maxBytes) });
      let part;
      try {
        part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
      } catch (error) {
        if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
        throw new AppError('bad_request', INCOMPLETE_BODY_MESSAGE);
      }
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('validation_failed', 'Choose a file to upload.', { file: 'Choose a file to upload.' });
      }
      const field = part.fields.upload_token as MultipartValue | MultipartValue[] | undefined;
      const token = Array.isArray(field) || field?.type !== 'field' ? undefined : field.value;
      const stream = part.file as UploadFileStream;
      try {
        if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw new AppError('validation_failed', TOKEN_MESSAGE, { upload_token: TOKEN_MESSAGE });
        return await attachLeadUsageFile(app.ctx, { token, stream });
      } catch (error) {
        // The rest of the body is read and dropped, so the client still sending gets the answer.
        stream.resume();
        if (stream.truncated) throw new AppError('payload_too_large', tooLargeMessage(maxBytes), { file: tooLargeMessage(maxBytes) });
        throw error;
      }
    },
  );
};
