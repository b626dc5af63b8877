import { and, desc, eq, sql } from 'drizzle-orm';
import type { ProjectJson } from '@beamstage/layers';
import type { Db } from '../db/client';
import { projectMembers, projects } from '../db/schema/index';
import type { EntityRevs } from './entities';
import { invalidatePublic } from './public-cache';

/** The stored row a write works on. */
export interface StoredProject {
  id: string;
  ownerId: string;
  data: ProjectJson;
  revision: number;
  entityRevs: EntityRevs;
  isPublic: boolean;
  realtime: boolean;
}

export interface ListedProject {
  id: string;
  name: string;
  description: string;
  modified: string;
  created: string;
  isPublic: boolean;
  /** Published with live (real-time) mode on: a projector follows edits as they happen. */
  realtime: boolean;
  /** The project's own live setting (metadata.syncEnabled, default on): what a publish from the dashboard asks for. */
  syncEnabled: boolean;
  role: 'owner' | 'editor' | 'viewer';
}

/** Own and shared projects, newest first. */
export async function listProjects(db: Db, userId: string): Promise<ListedProject[]> {
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      description: projects.description,
      updatedAt: projects.updatedAt,
      createdAt: projects.createdAt,
      isPublic: projects.isPublic,
      realtime: projects.realtime,
      // Read in the database so listing never ships whole documents to the api process.
      syncEnabled: sql<string | null>`${projects.data}->'metadata'->>'syncEnabled'`,
      ownerId: projects.ownerId,
      role: projectMembers.role,
    })
    .from(projects)
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
    .where(sql`${projects.ownerId} = ${userId} OR ${projectMembers.userId} = ${userId}`)
    .orderBy(desc(projects.updatedAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    modified: r.updatedAt.toISOString(),
    created: r.createdAt.toISOString(),
    isPublic: r.isPublic,
    realtime: r.isPublic && r.realtime,
    syncEnabled: r.syncEnabled !== 'false',
    role: r.ownerId === userId ? 'owner' : (r.role ?? 'viewer'),
  }));
}

/** Reads a project row (no access check). */
export async function readProject(db: Db, id: string): Promise<StoredProject | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row ? toStored(row) : null;
}

/** A project row without its data (the JSON snapshot): what a write needs when it holds the data already. */
export async function readProjectColumns(db: Db, id: string): Promise<Omit<StoredProject, 'data'> | null> {
  const [row] = await db
    .select({
      id: projects.id,
      ownerId: projects.ownerId,
      revision: projects.revision,
      entityRevs: projects.entityRevs,
      isPublic: projects.isPublic,
      realtime: projects.realtime,
    })
    .from(projects)
    .where(eq(projects.id, id));
  return row ? { ...row, entityRevs: (row.entityRevs ?? {}) as EntityRevs } : null;
}

function toStored(row: typeof projects.$inferSelect): StoredProject {
  return {
    id: row.id,
    ownerId: row.ownerId,
    data: row.data as ProjectJson,
    revision: row.revision,
    entityRevs: (row.entityRevs ?? {}) as EntityRevs,
    isPublic: row.isPublic,
    realtime: row.realtime,
  };
}

/** Inserts a new project row. */
export async function insertProject(db: Db, ownerId: string, data: ProjectJson, entityRevs: EntityRevs): Promise<void> {
  const now = new Date(data.metadata.modified);
  await db.insert(projects).values({
    id: data.id,
    ownerId,
    name: data.metadata.name,
    description: data.metadata.description,
    data,
    revision: 1,
    entityRevs,
    createdAt: new Date(data.metadata.created),
    updatedAt: now,
  });
}

/** The project's stored live setting (the realtime column); false for a missing project. */
export async function readRealtime(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ realtime: projects.realtime }).from(projects).where(eq(projects.id, id));
  return row?.realtime ?? false;
}

/** A published project's snapshot, or null (unpublished, missing, or another owner than userId). */
export async function readPublished(
  db: Db,
  id: string,
  userId: string | undefined,
): Promise<{ data: ProjectJson; realtime: boolean; ownerId: string; revision: number } | null> {
  const [row] = await db
    .select({ data: projects.data, realtime: projects.realtime, ownerId: projects.ownerId, revision: projects.revision })
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.isPublic, true)));
  if (!row || (userId && row.ownerId !== userId)) return null;
  return { data: row.data as ProjectJson, realtime: row.realtime, ownerId: row.ownerId, revision: row.revision };
}

/** A project's row revision, or null when it has no row (every write of the row moves it). */
export async function readRevision(db: Db, id: string): Promise<number | null> {
  const [row] = await db.select({ revision: projects.revision }).from(projects).where(eq(projects.id, id));
  return row?.revision ?? null;
}

/** Deletes a project's row (its members go with it) and drops its public answer. */
export async function deleteProject(db: Db, id: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
  invalidatePublic(id);
}
