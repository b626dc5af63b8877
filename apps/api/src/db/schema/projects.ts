import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The materialised JSON row of a project: listing, the public projector fetch and export read it.
 * `data` holds the spec's JSON exchange format snapshot; `revision` grows by one on every write so
 * destructive calls can refuse to act on stale data.
 */
export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    realtime: boolean('realtime').notNull().default(false),
    data: jsonb('data').notNull(),
    revision: integer('revision').notNull().default(1),
    /** `kind:id` -> the revision that last wrote that layer/scene/keyframe/...: stale deletes are refused with it. */
    entityRevs: jsonb('entity_revs').notNull().default({}),
    /** Where `data`'s long strings were (each left as ''): `[path, sha256]` pairs, the strings in project_texts. */
    textRefs: jsonb('text_refs').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_owner_idx').on(t.ownerId)],
);

/** Collaborators: the owner is not a member row; members are editors or viewers. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['editor', 'viewer'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

export type ProjectRow = typeof projects.$inferSelect;
export type MemberRole = 'editor' | 'viewer';

/**
 * The long strings of project rows (projects/long-texts.ts), by the SHA-256 of the string, in parts
 * of at most TEXT_PART_CHARS. Written before the row that refers to them (so no foreign key: a
 * trigger deletes a deleted project's texts); `touched_at` is when a write last stored or reused
 * one, so a sweep never removes a text a write in flight is about to refer to.
 */
export const projectTexts = pgTable(
  'project_texts',
  {
    projectId: text('project_id').notNull(),
    hash: text('hash').notNull(),
    part: integer('part').notNull(),
    parts: integer('parts').notNull(),
    body: text('body').notNull(),
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.hash, t.part] })],
);
