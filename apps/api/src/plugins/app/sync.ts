import { assignDeep, migrateProject, normalizeDoc, toDoc, type ProjectDoc, type ProjectJson } from '@beamstage/layers';
import { createRowFollower, createSyncServer, DrizzleStorageAdapter, ProjectDocIndex, ProjectRooms, type DocHandle, type RoomMode, type SyncServer } from '@beamstage/sync/node';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { projects } from '../../db/schema/index';

/** The server side of live collaboration, for the ticket route and the project routes. */
export interface AppSync {
  server: SyncServer;
  /** The project's document (created from its JSON row on first use). */
  projectDoc(projectId: string): Promise<DocHandle<ProjectDoc>>;
  /** Whether the project already has a document (never creates one). */
  hasDoc(projectId: string): Promise<boolean>;
  /** Issues a single-use ticket for the project's room. */
  issueTicket(projectId: string, userId: string | null, mode: RoomMode): Promise<{ ticket: string; documentId: string; expiresAt: number }>;
  /** Applies a full project JSON (a REST update) to the document as a change, writing only what differs. */
  applyJson(projectId: string, json: unknown): Promise<void>;
  /** Writes every pending JSON row now. */
  flushRows(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sync: AppSync;
  }
}

/** Whether an anonymous projector may follow the project live: published with realtime on. */
async function isLivePublic(app: FastifyInstance, projectId: string): Promise<boolean> {
  const [row] = await app.db.select({ isPublic: projects.isPublic, realtime: projects.realtime }).from(projects).where(eq(projects.id, projectId));
  return !!row && row.isPublic && row.realtime;
}

/** Decorates app.sync and routes the HTTP server's /sync upgrades to the gated sync server. */
export default fp(
  async (app) => {
    const storage = new DrizzleStorageAdapter(app.db);
    const server = createSyncServer({
      storage,
      logger: app.log,
      // Re-checked when the socket opens: access may have changed since the ticket was issued.
      recheck: async (ticket) => {
        if (ticket.userId === null) return isLivePublic(app, ticket.projectId);
        const role = await app.projectAccess(ticket.userId, ticket.projectId);
        if (ticket.mode === 'read-write') return role === 'owner' || role === 'editor';
        return role !== null || (await isLivePublic(app, ticket.projectId));
      },
    });
    const follower = createRowFollower({
      logger: app.log,
      writeRow: async (projectId, json) => {
        await app.db
          .update(projects)
          .set({
            data: json,
            name: json.metadata.name,
            description: json.metadata.description ?? '',
            updatedAt: new Date(),
            revision: sql`${projects.revision} + 1`,
          })
          .where(eq(projects.id, projectId));
      },
    });
    const index = new ProjectDocIndex(app.db);
    const opened = new Set<string>();
    const rooms = new ProjectRooms(server.repo, index, (projectId, handle) => {
      opened.add(projectId);
      follower.follow(projectId, handle);
    });
    const projectDoc = (projectId: string) =>
      rooms.ensure(projectId, async () => {
        const [row] = await app.db.select({ data: projects.data }).from(projects).where(eq(projects.id, projectId));
        if (!row) throw Object.assign(new Error('Project not found'), { statusCode: 404, error: 'Project not found' });
        return row.data;
      });
    const detach = server.attach(app.server);

    app.decorate('sync', {
      server,
      projectDoc,
      hasDoc: async (projectId) => opened.has(projectId) || (await index.get(projectId)) !== null,
      async issueTicket(projectId, userId, mode) {
        const handle = await projectDoc(projectId);
        const { ticket, expiresAt } = server.tickets.issue({ projectId, documentId: handle.documentId, userId, mode });
        return { ticket, documentId: handle.documentId, expiresAt };
      },
      async applyJson(projectId, json) {
        const handle = await projectDoc(projectId);
        const next = toDoc(migrateProject(json).project as ProjectJson);
        handle.change((d) => {
          assignDeep(d as unknown as Record<string, unknown>, next as unknown as Record<string, unknown>);
          normalizeDoc(d);
        });
      },
      flushRows: () => follower.flush(),
    } satisfies AppSync);

    app.addHook('onClose', async () => {
      detach();
      await follower.stop();
      await server.repo.flush().catch(() => undefined);
      await server.close();
    });
  },
  { name: 'sync', dependencies: ['db', 'project-access'] },
);
