import type { FastifyInstance } from 'fastify';
import { listMembers } from './member-repository';
import { readRealtime } from './project-repository';

/** Publication on the document (metadata.isPublic, syncEnabled) and on the row's columns, in one write. */
export async function setPublished(app: FastifyInstance, projectId: string, isPublic: boolean, realtime: boolean): Promise<void> {
  await app.sync.write(projectId, (stored) => ({ ...stored.data, metadata: { ...stored.data.metadata, isPublic, syncEnabled: realtime } }), {
    isPublic,
    realtime,
  });
}

/**
 * Unpublishes and keeps the project's live setting (metadata.syncEnabled and the realtime column):
 * nothing public follows an unpublished project anyway (tickets and the list ask for isPublic too),
 * and a later publish from the editor or the dashboard asks for that setting, so it comes back live.
 */
export async function unpublish(app: FastifyInstance, projectId: string): Promise<void> {
  const realtime = await readRealtime(app.db, projectId);
  await app.sync.write(projectId, (stored) => ({ ...stored.data, metadata: { ...stored.data.metadata, isPublic: false } }), { isPublic: false, realtime });
}

/**
 * Closes the sockets that followed the project only because it was public and live: anonymous
 * projectors and signed-in non-members holding read-only tickets.
 */
export async function closePublicSockets(app: FastifyInstance, projectId: string, ownerId: string, reason: string): Promise<void> {
  const members = new Set((await listMembers(app.db, projectId, ownerId)).map((m) => m.userId));
  app.sync.closeSockets(projectId, (t) => t.mode === 'read-only' && (t.userId === null || !members.has(t.userId)), reason);
}
