import { and, desc, eq, sql } from 'drizzle-orm';
import type { ProjectJson } from '@beamstage/layers';
import type { Db } from '../db/client';
import { projectMembers, projects } from '../db/schema/index';
import type { EntityRevs } from './entities';
import { joinLongTexts, refHashes, splitLongTexts, type SplitRow, type TextRef } from './long-texts';
import { dropTexts, loadTexts, storeTexts } from './project-texts';
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
  /** Where `data`'s long strings sit in the row (long-texts.ts): which texts the row refers to. */
  textRefs: TextRef[];
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
  return row ? toStored(row, await withTexts(db, id, row.data as ProjectJson, row.textRefs as TextRef[])) : null;
}

/** A row's JSON with its long strings back in place. */
async function withTexts(db: Db, id: string, data: ProjectJson, refs: TextRef[]): Promise<ProjectJson> {
  return refs.length === 0 ? data : joinLongTexts(data, refs, await loadTexts(db, id, refs));
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
      textRefs: projects.textRefs,
    })
    .from(projects)
    .where(eq(projects.id, id));
  return row ? { ...row, entityRevs: (row.entityRevs ?? {}) as EntityRevs, textRefs: row.textRefs as TextRef[] } : null;
}

function toStored(row: typeof projects.$inferSelect, data: ProjectJson): StoredProject {
  return {
    id: row.id,
    ownerId: row.ownerId,
    data,
    textRefs: row.textRefs as TextRef[],
    revision: row.revision,
    entityRevs: (row.entityRevs ?? {}) as EntityRevs,
    isPublic: row.isPublic,
    realtime: row.realtime,
  };
}

/**
 * Stores a new project's long strings, each part a statement with `beforeEach` before it: before
 * its row is inserted and outside the transaction that inserts it, so other statements interleave.
 */
export async function storeNewTexts(db: Db, data: ProjectJson, beforeEach?: () => Promise<void>): Promise<SplitRow> {
  const split = splitLongTexts(data);
  await storeTexts(db, data.id, split.texts, new Set(), beforeEach);
  return split;
}

/** Inserts a new project row; its long strings are stored first here unless storeNewTexts did (`split`). */
export async function insertProject(db: Db, ownerId: string, data: ProjectJson, entityRevs: EntityRevs, split?: SplitRow): Promise<void> {
  const now = new Date(data.metadata.modified);
  const row = split ?? (await storeNewTexts(db, data));
  await db.insert(projects).values({
    id: data.id,
    ownerId,
    name: data.metadata.name,
    description: data.metadata.description,
    data: row.data,
    textRefs: row.refs,
    revision: 1,
    entityRevs,
    createdAt: new Date(data.metadata.created),
    updatedAt: now,
  });
}

/** The columns a write sets besides the data. */
export type RowColumns = Pick<typeof projects.$inferInsert, 'entityRevs' | 'revision' | 'name' | 'description' | 'updatedAt' | 'isPublic' | 'realtime'>;

/**
 * Writes a project's row from `data` if the row is still at `from.revision`: the long strings it
 * did not refer to yet first, then the row, then the texts only the replaced row referred to,
 * each part a statement with `beforeEach` before it. False when the row moved on meanwhile (another
 * instance wrote it): the texts stored are then reused or swept, never referred to half-written.
 */
export async function updateProjectRow(
  db: Db,
  from: Pick<StoredProject, 'id' | 'revision' | 'textRefs'>,
  data: ProjectJson,
  columns: RowColumns,
  beforeEach?: () => Promise<void>,
): Promise<boolean> {
  const split = splitLongTexts(data);
  const before = refHashes(from.textRefs);
  await storeTexts(db, from.id, split.texts, before, beforeEach);
  const [updated] = await db
    .update(projects)
    .set({ ...columns, data: split.data, textRefs: split.refs })
    .where(and(eq(projects.id, from.id), eq(projects.revision, from.revision)))
    .returning({ at: sql<string>`now()::text` });
  if (!updated) return false;
  // A project that neither had nor has long strings has nothing to drop: no statement (most writes).
  if (before.size > 0 || split.refs.length > 0) await dropTexts(db, from.id, [...before], refHashes(split.refs), updated.at, beforeEach);
  return true;
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
    .select({ data: projects.data, textRefs: projects.textRefs, realtime: projects.realtime, ownerId: projects.ownerId, revision: projects.revision })
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.isPublic, true)));
  if (!row || (userId && row.ownerId !== userId)) return null;
  const data = await withTexts(db, id, row.data as ProjectJson, row.textRefs as TextRef[]);
  return { data, realtime: row.realtime, ownerId: row.ownerId, revision: row.revision };
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
