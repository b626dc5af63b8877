import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { projectTexts, projects } from '../db/schema/index';
import type { TextRef } from './long-texts';

/**
 * Statements of the long texts of project rows (long-texts.ts). Each carries at most one part
 * (TEXT_PART_CHARS), so other users' statements interleave with a large write's: the embedded
 * database serves one statement at a time.
 */
export const TEXT_PART_CHARS = 256 * 1024;

/** A text stored or reused this long ago and referred to by no row is left over from a failed write. */
const ORPHAN_GRACE = sql`interval '1 hour'`;

const noPause = async () => undefined;

/** A text cut into parts of at most TEXT_PART_CHARS, never between the two halves of a surrogate pair. */
export function textParts(text: string): string[] {
  const parts: string[] = [];
  for (let from = 0; from < text.length || parts.length === 0;) {
    let to = Math.min(text.length, from + TEXT_PART_CHARS);
    const code = text.charCodeAt(to);
    if (to < text.length && code >= 0xdc00 && code <= 0xdfff) to--;
    parts.push(text.slice(from, to));
    from = to;
  }
  return parts;
}

/**
 * Stores the texts a row is about to refer to, except those the current row (`known`) already
 * refers to: those are stored whole, and no sweep removes them while the row refers to them.
 * A text already there (left by a failed write, or by a concurrent one) is marked as just reused.
 */
export async function storeTexts(
  db: Db,
  projectId: string,
  texts: ReadonlyMap<string, string>,
  known: ReadonlySet<string>,
  beforeEach: () => Promise<void> = noPause,
): Promise<void> {
  for (const [hash, text] of texts) {
    if (known.has(hash)) continue;
    const parts = textParts(text);
    for (const [part, body] of parts.entries()) {
      await beforeEach();
      await db
        .insert(projectTexts)
        .values({ projectId, hash, part, parts: parts.length, body })
        .onConflictDoUpdate({ target: [projectTexts.projectId, projectTexts.hash, projectTexts.part], set: { touchedAt: sql`now()` } });
    }
  }
}

/** The texts `refs` name, a part per statement. Throws when one is incomplete (never returns a project with a hole). */
export async function loadTexts(db: Db, projectId: string, refs: readonly TextRef[]): Promise<Map<string, string>> {
  const hashes = [...new Set(refs.map(([, hash]) => hash))];
  const texts = new Map<string, string>();
  if (hashes.length === 0) return texts;
  const heads = await db
    .select({ hash: projectTexts.hash, parts: projectTexts.parts })
    .from(projectTexts)
    .where(and(eq(projectTexts.projectId, projectId), inArray(projectTexts.hash, hashes), eq(projectTexts.part, 0)));
  const partsOf = new Map(heads.map((h) => [h.hash, h.parts]));
  for (const hash of hashes) {
    const parts = partsOf.get(hash);
    if (parts === undefined) throw new Error(`Project ${projectId}: a long text (${hash.slice(0, 12)}) is missing from the database`);
    const bodies: string[] = [];
    for (let part = 0; part < parts; part++) {
      const [row] = await db
        .select({ body: projectTexts.body })
        .from(projectTexts)
        .where(and(eq(projectTexts.projectId, projectId), eq(projectTexts.hash, hash), eq(projectTexts.part, part)));
      if (!row) throw new Error(`Project ${projectId}: part ${part + 1} of ${parts} of a long text (${hash.slice(0, 12)}) is missing`);
      bodies.push(row.body);
    }
    texts.set(hash, bodies.join(''));
  }
  return texts;
}

/**
 * After a row was written at `writtenAt` (the database's now(), as text: exact to the microsecond): removes the texts the replaced row
 * referred to and the new one does not, unless a later write reused them meanwhile; then any text
 * of the project no row refers to that nobody stored or reused for ORPHAN_GRACE (failed writes).
 */
export async function dropTexts(
  db: Db,
  projectId: string,
  removed: readonly string[],
  kept: ReadonlySet<string>,
  writtenAt: string,
  beforeEach: () => Promise<void> = noPause,
): Promise<void> {
  for (const hash of removed) {
    if (kept.has(hash)) continue;
    await beforeEach();
    await db
      .delete(projectTexts)
      .where(and(eq(projectTexts.projectId, projectId), eq(projectTexts.hash, hash), sql`${projectTexts.touchedAt} <= ${writtenAt}::timestamptz`));
  }
  await beforeEach();
  await db
    .delete(projectTexts)
    .where(
      and(
        eq(projectTexts.projectId, projectId),
        lt(projectTexts.touchedAt, sql`now() - ${ORPHAN_GRACE}`),
        kept.size > 0 ? notInArray(projectTexts.hash, [...kept]) : undefined,
      ),
    );
}

/** At start: texts of projects that do not exist (a create that failed after storing them), past the grace period. */
export async function sweepTextsWithoutProject(db: Db): Promise<number> {
  const gone = await db
    .delete(projectTexts)
    .where(
      and(
        lt(projectTexts.touchedAt, sql`now() - ${ORPHAN_GRACE}`),
        sql`not exists (select 1 from ${projects} where ${projects.id} = ${projectTexts.projectId})`,
      ),
    )
    .returning({ hash: projectTexts.hash });
  return gone.length;
}
