import type { FastifyInstance } from 'fastify';

interface ProjectQueue {
  tail: Promise<void>;
  /** The highest row revision applied to the document so far. */
  applied: number;
}

const queues = new WeakMap<FastifyInstance, Map<string, ProjectQueue>>();

/**
 * Brings a REST write to the project's live document, when it has one: live collaborators see it,
 * and the row follower then writes the document (now holding the change) back instead of an older
 * state. Projects without a document get none. Writes of one project are applied in order and an
 * older revision never lands after a newer one. A failure is logged: the row is already committed,
 * so the REST answer stays what it was.
 */
export async function applyToLiveDoc(app: FastifyInstance, projectId: string, revision: number, json: unknown): Promise<void> {
  if (!app.hasDecorator('sync')) return;
  let perApp = queues.get(app);
  if (!perApp) queues.set(app, (perApp = new Map()));
  let queue = perApp.get(projectId);
  if (!queue) perApp.set(projectId, (queue = { tail: Promise.resolve(), applied: 0 }));
  const q = queue;
  const run = async () => {
    if (revision <= q.applied) return;
    if (!(await app.sync.hasDoc(projectId))) return;
    await app.sync.applyJson(projectId, json);
    q.applied = revision;
  };
  const next = q.tail.then(run).catch((err: unknown) => app.log.error({ err: err instanceof Error ? err.message : err, projectId }, 'Applying a REST write to the live document failed'));
  q.tail = next;
  await next;
}
