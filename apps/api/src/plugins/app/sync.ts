import type { ProjectDoc, ProjectJson } from '@beamstage/layers';
import {
  compactChunks,
  createRowFollower,
  createSyncServer,
  DbTicketStore,
  DrizzleStorageAdapter,
  guardLiveLimits,
  mergeStoredChanges,
  ProjectDocIndex,
  ProjectRooms,
  PublicRooms,
  type CompactedChunks,
  type DocHandle,
  type DocumentId,
  type RoomMode,
  type SyncServer,
  type SyncTicket,
} from '@beamstage/sync/node';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../errors/api-error';
import { projects } from '../../db/schema/index';
import { createDocAuthority, type DocChange, type Written, type WriteOptions } from '../../projects/doc-authority';
import { projectLimits } from '../../projects/document-limits';
import { HEAVY_BODY_BYTES } from '../../projects/heavy-writes';
import { createPacer } from '../../projects/pacer';
import { readProject } from '../../projects/project-repository';
import { startRoomClaims, type RoomClaims } from '../../projects/room-claims';
import type { BuildAdditionsResult } from '../../workers/build-additions';
import type { BuiltProject } from '../../workers/build-project';
import type { DocumentResult, DocumentTask } from '../../workers/document-task';
import { createWorkerPool, PoolFailedError, wholeBuffers, type WorkerPool } from '../../workers/worker-pool';

/** One worker: the api's thread and it share this machine's two cores. */
const DOCUMENT_WORKERS = 1;
/** Large writes that may wait for the worker; one more is made on the api's thread (correct, slower for others). */
const DOCUMENT_TASKS_QUEUED = 8;

/** The server side of live collaboration and the document authority, for the routes. */
export interface AppSync {
  server: SyncServer;
  /** The project's document (created from its JSON row on first use). */
  projectDoc(projectId: string): Promise<DocHandle<ProjectDoc>>;
  /** Whether the project already has a document (never creates one). */
  hasDoc(projectId: string): Promise<boolean>;
  /** Gives a project just inserted (row at `revision`) its document, from the document shape its row was exported from. */
  createDoc(projectId: string, doc: ProjectDoc, revision: number): Promise<void>;
  /**
   * A new project's document built off the api's thread (the document worker): the project
   * converted once, its row data and its document's changes. Rejects when the worker cannot
   * (busy, crashed): the caller then converts here.
   */
  buildProject(project: ProjectJson): Promise<BuiltProject>;
  /** Gives a project just inserted (row at `revision`) its document from `buildProject`'s changes, applied a few at a time. */
  seedDoc(projectId: string, changes: Uint8Array[], revision: number): Promise<void>;
  /**
   * Issues a single-use ticket for the project's room. `view` 'public' (anonymous and non-member
   * projectors) names the public room's document: the published state, stripped, without history.
   */
  issueTicket(
    projectId: string,
    userId: string | null,
    mode: RoomMode,
    view?: 'private' | 'public',
  ): Promise<{ ticket: string; documentId: string; expiresAt: number }>;
  /** Drops the project's public room (unpublished, realtime off, deleted); its sockets are closed by the caller. */
  removePublicRoom(projectId: string): Promise<void>;
  /** A REST write: a change on the document from its current state, then the row written from it. */
  write(projectId: string, change: DocChange, columns?: { isPublic: boolean; realtime: boolean }, options?: WriteOptions): Promise<Written>;
  /** Brings the row up to the document now (pending live edits), so a REST read sees them. */
  settle(projectId: string): Promise<void>;
  /** Closes the open sockets of a project's room whose ticket matches; returns how many. */
  closeSockets(projectId: string, match: (ticket: SyncTicket) => boolean, reason: string): number;
  /** Removes a deleted project's document: sockets, chunks and the index row. */
  removeDoc(projectId: string): Promise<void>;
  /** Writes every pending JSON row now. */
  flushRows(): Promise<void>;
  /**
   * Starts the document worker pool now and resolves when a worker answers: its start holds the
   * api's thread for a moment (module loading; 100-400 ms measured here under load), better
   * spent at boot than during a user's first large write. Without it the pool starts on first use.
   */
  startWorkers(): Promise<void>;
  /** The document worker pool (large writes' new entities, large new projects), or null until a large write started it. */
  additionsPool(): Pick<WorkerPool<unknown, unknown>, 'stats' | 'failure' | 'crashOne'> | null;
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
    // Parts of large chunks that a save cut short left behind (a crash between parts), once old.
    const sweptParts = await storage.sweepOrphanParts();
    if (sweptParts > 0) app.log.info({ parts: sweptParts }, 'Removed parts of document chunks that were never completed');
    // Several instances share PostgreSQL (PGlite is one process by its lock): rooms are claimed.
    let claims: RoomClaims | null = null;
    const server = createSyncServer({
      storage,
      logger: app.log,
      // The repo's saves stay incremental; the whole-document snapshot is built by the document
      // worker (automerge-repo's own compaction held this thread 100-150 ms per 3 MB document).
      compact: async (chunks) => {
        try {
          return (await additionsPool().run({ kind: 'compact', chunks }, wholeBuffers(chunks))) as CompactedChunks;
        } catch (err) {
          // Workers given up for good: compact here rather than let the chunks grow without bound.
          if (err instanceof PoolFailedError) return compactChunks(chunks);
          throw err;
        }
      },
      // A large document's saves step aside for the requests being served (projects/foreground.ts):
      // automerge-repo's own saves and a heavy write's. A save made by a light request still being
      // served is part of serving it, and never waits: its project is not large (a write to a large
      // one demotes the request), whatever its uncompacted saves weigh in storage. Waiting there
      // only made one light request wait for another: in hostile-load the other user's own small
      // document passed 256 KB of incrementals while its compaction waited behind the busy
      // document worker, and each of its saves then waited 270-300 ms (2026-11-29).
      beforeSave: (_documentId, storedBytes) => (storedBytes >= HEAVY_BODY_BYTES && !app.foreground.serving() ? app.foreground.quiet() : undefined),
      // In the database: any api instance on the same database can open a ticket another issued.
      ticketStore: new DbTicketStore(app.db),
      // A dead Automerge module seen in a rejection nobody awaited: stop the process.
      onFatal: (err) => app.fatal.fail(`the Automerge module failed: ${err instanceof Error ? err.message : String(err)}`, err),
      // Re-checked when the socket opens: access may have changed since the ticket was issued.
      recheck: async (ticket) => {
        const role = ticket.userId === null ? null : await app.projectAccess(ticket.userId, ticket.projectId);
        if (ticket.mode === 'read-write') return role === 'owner' || role === 'editor';
        if (role !== null) return true;
        // Anonymous and non-member projectors: only a published, live project, and only its public room.
        if (!(await isLivePublic(app, ticket.projectId))) return false;
        return (await publicRooms.ensure(ticket.projectId)).documentId === ticket.documentId;
      },
      // The first socket of a room on this instance: routing may have moved the project here from
      // another instance, so the document in memory (if any) catches up with the stored one, and
      // the other instances hand their sockets of the project over.
      beforeRoomOpens: async (ticket) => {
        if (!claims) return;
        const handle = handles.get(ticket.projectId);
        if (handle) await mergeStoredChanges(handle, storage);
        await claims.claim(ticket.projectId);
      },
    });
    const index = new ProjectDocIndex(app.db);
    const opened = new Set<string>();
    /** New projects whose document is being made from the conversion that made their row (createDoc, seedDoc). */
    const seeded = new Set<string>();
    // Each open document held to its owner's plan limits after every live change (REST writes are checked before).
    const guards = new Map<string, () => void>();
    const guard = (projectId: string, handle: DocHandle<ProjectDoc>) => {
      const limits = () => projectLimits(app.db, projectId);
      limits()
        .then((initial) => {
          if (!opened.has(projectId) || guards.has(projectId)) return;
          const stop = guardLiveLimits(handle, initial, {
            limits,
            onBreach: (violation) => {
              const closed = server.closeWriters(handle.documentId, violation.message);
              app.log.warn({ projectId, limit: violation.limit, reason: violation.message, closed }, 'Live change over the project limits reverted');
            },
          });
          guards.set(projectId, stop);
        })
        .catch((err: unknown) => app.log.error({ err: err instanceof Error ? err.message : err, projectId }, 'Reading the project limits failed'));
    };
    const rooms = new ProjectRooms(server.repo, index, (projectId, handle) => {
      opened.add(projectId);
      follower.follow(projectId, handle);
      guard(projectId, handle);
      // A crash between storing the document and writing its row leaves the row behind: catch up.
      // A document seeded at create is equal to its row by construction.
      if (seeded.has(projectId)) return;
      authority
        .materialise(projectId)
        .catch((err: unknown) => app.log.error({ err: err instanceof Error ? err.message : err, projectId }, 'Materialising a project row failed'));
    });
    // Open handles by project: a REST write then costs no index lookup.
    const handles = new Map<string, DocHandle<ProjectDoc>>();
    const projectDoc = async (projectId: string): Promise<DocHandle<ProjectDoc>> => {
      const known = handles.get(projectId);
      if (known) return known;
      const handle = await ensureDoc(projectId);
      handles.set(projectId, handle);
      return handle;
    };
    const ensureDoc = (projectId: string) =>
      rooms.ensure(projectId, async () => {
        const row = await readProject(app.db, projectId);
        if (!row) throw notFound();
        authority.markInStep(projectId, row.revision);
        return row.data;
      });
    /** A new project's document, equal to its row by construction (one conversion made both): in step, nothing to materialise. */
    const seedWith = async (projectId: string, revision: number, make: () => Promise<DocHandle<ProjectDoc>>) => {
      authority.markInStep(projectId, revision);
      seeded.add(projectId);
      try {
        handles.set(projectId, await make());
      } finally {
        seeded.delete(projectId);
      }
    };
    const publicRooms = new PublicRooms(server.repo, index, (projectId) => projectDoc(projectId));
    // Started on the first large write: most api processes (and tests) never need it.
    let additions: WorkerPool<DocumentTask, DocumentResult> | null = null;
    const additionsPool = () =>
      (additions ??= createWorkerPool<DocumentTask, DocumentResult>({
        name: 'document',
        file: app.documentWorkerFile,
        size: DOCUMENT_WORKERS,
        maxQueued: DOCUMENT_TASKS_QUEUED,
        startTask: { kind: 'ping' },
        onWorkerError: (err) => app.log.error({ err: err.message }, 'A document worker failed'),
        // Large writes and new projects are then made on this thread (as when the worker refuses); /api/health says so.
        onFailed: (reason) => app.log.error({ reason }, 'Document workers given up: large writes are made on the api thread'),
      }));
    const authority = createDocAuthority({
      db: app.db,
      buildAdditions: async (task) =>
        (await additionsPool().run(
          { kind: 'additions', ...task },
          wholeBuffers(['whole' in task.base ? task.base.whole : task.base.increment]),
        )) as BuildAdditionsResult,
      onOffloadError: (err) =>
        app.log.warn({ err: err instanceof Error ? err.message : err }, 'Large write made on the api thread: the additions worker could not build it'),
      open: projectDoc,
      storage,
      flushDoc: (handle) => server.repo.flush([handle.documentId]),
      limits: (projectId) => projectLimits(app.db, projectId),
      foreground: app.foreground,
    });
    const follower = createRowFollower({
      logger: app.log,
      writeRow: async (projectId) => void (await authority.materialise(projectId)),
    });
    const removePublicRoom = async (projectId: string) => {
      const documentId = await publicRooms.remove(projectId);
      if (documentId) await storage.removeRange([documentId]);
    };
    const detach = server.attach(app.server);
    const closeSockets = (projectId: string, match: (ticket: SyncTicket) => boolean, reason: string) =>
      server.closeSockets((ticket) => ticket.projectId === projectId && match(ticket), reason);
    if (app.config.databaseUrl) {
      claims = await startRoomClaims({
        databaseUrl: app.config.databaseUrl,
        logger: app.log,
        onClaimedElsewhere: (projectId, instance) => {
          const closed = closeSockets(projectId, () => true, 'room moved to another instance');
          if (closed > 0) app.log.info({ projectId, instance, closed }, 'Sync room moved to another instance');
        },
      });
    }

    app.decorate('sync', {
      server,
      projectDoc,
      hasDoc: async (projectId) => opened.has(projectId) || (await index.get(projectId)) !== null,
      createDoc: (projectId, doc, revision) => seedWith(projectId, revision, () => rooms.create(projectId, doc)),
      buildProject: async (project) => (await additionsPool().run({ kind: 'project', project })) as BuiltProject,
      seedDoc: (projectId, changes, revision) => {
        // Only large projects are seeded from the worker's changes: their steps are paced (pacer.ts).
        const pacer = createPacer(app.foreground);
        pacer.markHeavy();
        return seedWith(projectId, revision, () => rooms.seed(projectId, changes, pacer.breathe));
      },
      async issueTicket(projectId, userId, mode, view = 'private') {
        const handle = view === 'public' ? await publicRooms.ensure(projectId) : await projectDoc(projectId);
        const { ticket, expiresAt } = await server.issueTicket({ projectId, documentId: handle.documentId, userId, mode });
        return { ticket, documentId: handle.documentId, expiresAt };
      },
      write: (projectId, change, columns, options) => authority.write(projectId, change, columns, options),
      async settle(projectId) {
        if (follower.isPending(projectId)) await follower.flushOne(projectId);
        await authority.idle(projectId);
      },
      closeSockets,
      removePublicRoom,
      async removeDoc(projectId) {
        closeSockets(projectId, () => true, 'project deleted');
        await removePublicRoom(projectId);
        follower.unfollow(projectId);
        await authority.idle(projectId);
        const documentId = (await index.get(projectId)) as DocumentId | null;
        if (documentId) {
          if (server.repo.handles[documentId]) {
            await server.repo.flush([documentId]).catch(() => undefined);
            server.repo.delete(documentId);
          }
          await storage.removeRange([documentId]);
          await index.remove(projectId);
        }
        opened.delete(projectId);
        guards.get(projectId)?.();
        guards.delete(projectId);
        handles.delete(projectId);
        authority.forget(projectId);
      },
      flushRows: () => follower.flush(),
      startWorkers: async () => void (await additionsPool().run({ kind: 'ping' })),
      additionsPool: () => additions,
    } satisfies AppSync);

    app.addHook('onClose', async () => {
      detach();
      await claims?.close();
      await follower.stop();
      await server.repo.flush().catch(() => undefined);
      await server.close();
      await additions?.close();
    });
  },
  { name: 'sync', dependencies: ['db', 'project-access', 'foreground'] },
);
