import { eq, sql } from 'drizzle-orm';
import type { AnyPgDatabase } from './drizzle-storage-adapter';
import { automergeStorage } from './storage-table';

/**
 * Key prefix of the project id -> document id rows. They live in automerge_storage beside the
 * chunks (automerge-repo keys start with a base58 document id, never with this word), so the
 * mapping needs no table of its own and is backed up with the documents.
 */
export const PROJECT_DOC_KEY_PREFIX = 'beamstage-project-doc';

const keyOf = (projectId: string) => `${PROJECT_DOC_KEY_PREFIX}/${projectId}`;

/** Which Automerge document holds which project. Set by the server only, never from a client. */
export class ProjectDocIndex {
  constructor(private readonly db: AnyPgDatabase) {}

  /** The project's document id, or null when it has none yet. */
  async get(projectId: string): Promise<string | null> {
    const rows = await this.db
      .select({ data: automergeStorage.data })
      .from(automergeStorage)
      .where(eq(automergeStorage.key, keyOf(projectId)))
      .limit(1);
    return rows[0] ? new TextDecoder().decode(rows[0].data) : null;
  }

  /**
   * Records the mapping unless one exists and returns the winner: two api instances creating a
   * document for the same project at once agree on the first one written.
   */
  async setIfAbsent(projectId: string, documentId: string): Promise<string> {
    await this.db
      .insert(automergeStorage)
      .values({ key: keyOf(projectId), data: new TextEncoder().encode(documentId), updatedAt: sql`clock_timestamp()` })
      .onConflictDoNothing({ target: automergeStorage.key });
    return (await this.get(projectId)) ?? documentId;
  }

  /** Forgets the mapping (project deleted). */
  async remove(projectId: string): Promise<void> {
    await this.db.delete(automergeStorage).where(eq(automergeStorage.key, keyOf(projectId)));
  }
}
