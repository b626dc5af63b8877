import { syncSocketPath } from '@beamstage/sync';
import type { RoomMode } from '@beamstage/sync/node';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { projects } from '../../../db/schema/index';

const ticketBody = {
  type: 'object',
  required: ['projectId'],
  additionalProperties: false,
  properties: { projectId: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

const notFound = { error: 'Project not found', message: 'Project not found' };

/**
 * POST /api/sync/ticket {projectId}: a single-use, short-lived ticket for the project's /sync room.
 * Signed-in owners and editors get read-write, viewers read-only; without a token, a published
 * project with realtime on gives an anonymous projector read-only; anything else is a 404.
 * Anonymous and non-member tickets name the project's public room, never its private document.
 */
export default async function syncRoutes(app: FastifyInstance) {
  app.post<{ Body: { projectId: string } }>(
    '/ticket',
    {
      schema: {
        body: ticketBody,
        response: {
          200: {
            type: 'object',
            properties: {
              ticket: { type: 'string' },
              url: { type: 'string' },
              documentId: { type: 'string' },
              mode: { type: 'string' },
              expiresAt: { type: 'number' },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { projectId } = request.body;
      let userId: string | null = null;
      let mode: RoomMode | null = null;
      // Members follow the project's document; everyone else only its public room (published state, no history).
      let view: 'private' | 'public' = 'public';
      if (request.headers.authorization) {
        await app.authenticate(request, reply);
        if (reply.sent) return reply;
        userId = request.user.id;
        const role = await app.projectAccess(userId, projectId);
        if (role === 'owner' || role === 'editor') mode = 'read-write';
        else if (role === 'viewer') mode = 'read-only';
        if (role !== null) view = 'private';
      }
      if (mode === null) {
        const [row] = await app.db.select({ isPublic: projects.isPublic, realtime: projects.realtime }).from(projects).where(eq(projects.id, projectId));
        if (row?.isPublic && row.realtime) mode = 'read-only';
      }
      if (mode === null) return reply.code(404).send(notFound);
      const { ticket, documentId, expiresAt } = await app.sync.issueTicket(projectId, userId, mode, view);
      // The path names the project: a load balancer sends every peer of a project to one instance by it.
      return { ticket, url: syncSocketPath(projectId, ticket), documentId, mode, expiresAt };
    },
  );
}
