import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest, notFound } from '../../../errors/api-error';
import { requireRole } from '../../../projects/access';
import { findUserByEmail, listMembers, removeMember, upsertMember } from '../../../projects/member-repository';
import { readProject } from '../../../projects/project-repository';
import type { SchemaTypeProvider } from '../../../schemas/from-schema';
import { memberAddBody, memberRemoveBody, membersQuery } from '../../../schemas/projects';

const security = [{ bearer: [] }];
const tags = ['members'];

/** /api/projects/members: the owner adds and removes editors and viewers by e-mail. */
export async function memberRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<SchemaTypeProvider>();

  app.get('/members', { schema: { tags, security, summary: 'Owner and members of a project', querystring: membersQuery } }, async (request) => {
    const { projectId } = request.query;
    await requireRole(app, request.user.id, projectId, 'viewer');
    const stored = await readProject(app.db, projectId);
    if (!stored) throw notFound();
    return { members: await listMembers(app.db, projectId, stored.ownerId) };
  });

  app.post('/members', { schema: { tags, security, summary: 'Add or change a member (owner)', body: memberAddBody } }, async (request) => {
    const { projectId, email, role } = request.body;
    await requireRole(app, request.user.id, projectId, 'owner');
    const user = await findUserByEmail(app.db, email);
    if (!user) throw new ApiError(404, 'User not found', 'No Beamstage user has this e-mail yet; they need to sign in once first');
    if (user.id === request.user.id) throw badRequest('The owner cannot also be a member');
    await upsertMember(app.db, projectId, user.id, role);
    // A member turned viewer keeps no write socket.
    if (role === 'viewer') app.sync.closeSockets(projectId, (t) => t.userId === user.id && t.mode === 'read-write', 'role changed');
    return { ok: true, userId: user.id, role };
  });

  app.delete(
    '/members',
    { schema: { tags, security, summary: 'Remove a member (owner; a member may remove themself)', body: memberRemoveBody } },
    async (request) => {
      const { body } = request;
      const target = body.userId ?? (body.email ? (await findUserByEmail(app.db, body.email))?.id : undefined);
      const leaving = target === request.user.id;
      await requireRole(app, request.user.id, body.projectId, leaving ? 'viewer' : 'owner');
      if (!target || !(await removeMember(app.db, body.projectId, target)))
        throw new ApiError(404, 'Member not found', 'This user is not a member of the project');
      // Access is re-checked only when a socket opens: a removed member's open sockets close now.
      app.sync.closeSockets(body.projectId, (t) => t.userId === target, 'member removed');
      return { ok: true };
    },
  );
}
