import type { FastifyInstance } from 'fastify';
import type { UploadKind } from './media-types';

const errorBody = { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } } } as const;
const keyBody = {
  type: 'object',
  required: ['key'],
  properties: { key: { type: 'string', minLength: 1, maxLength: 512 } },
} as const;

/** The create-upload-url / finalize / set-public-acl / delete routes for assets or masks. */
export function registerUploadRoutes(app: FastifyInstance, kind: UploadKind): void {
  const tags = [kind === 'mask' ? 'masks' : 'assets'];
  const security = [{ bearer: [] }];

  app.post<{ Body: { fileName: string; fileType: string; projectId: string; fileSize?: number } }>(
    '/create-upload-url',
    {
      schema: {
        tags,
        security,
        summary: 'A presigned PUT for a new file under your prefix (quota reserved, type and length signed)',
        body: {
          type: 'object',
          required: kind === 'mask' ? ['fileName', 'fileType', 'projectId', 'fileSize'] : ['fileName', 'fileType', 'projectId'],
          properties: {
            fileName: { type: 'string', minLength: 1, maxLength: 255 },
            fileType: { type: 'string', minLength: 1, maxLength: 100 },
            projectId: { type: 'string', minLength: 1, maxLength: 100 },
            fileSize: { type: 'integer', minimum: 1 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              uploadUrl: { type: 'string' },
              key: { type: 'string' },
              publicUrl: { type: 'string' },
              expiresAt: { type: 'string' },
              headers: { type: 'object', additionalProperties: { type: 'string' } },
              ...(kind === 'mask' ? { maskId: { type: 'string' } } : {}),
            },
          },
          '4xx': errorBody,
        },
      },
    },
    async (request) => {
      const result = await app.uploads.createUploadUrl(request.user.id, kind, request.body);
      if (kind !== 'mask') return result;
      const maskId = `mask_${(result.key.split('/').pop() ?? '').split('.')[0]}`;
      return { ...result, maskId };
    },
  );

  app.post<{ Body: { key: string } }>(
    '/finalize',
    { schema: { tags, security, summary: 'Checks size, type and magic bytes of an uploaded file', body: keyBody } },
    async (request) => app.uploads.finalise(request.user.id, request.body.key),
  );

  app.post<{ Body: { key: string } }>(
    '/set-public-acl',
    { schema: { tags, security, summary: 'Finalises and publishes a file under the public prefix (served with nosniff)', body: keyBody } },
    async (request) => ({ success: true, ...(await app.uploads.makePublic(request.user.id, request.body.key)) }),
  );

  app.post<{ Body: { key: string } }>(
    '/delete',
    { schema: { tags, security, summary: 'Deletes one of your files and gives its bytes back', body: keyBody } },
    async (request) => app.uploads.remove(request.user.id, request.body.key),
  );
}
