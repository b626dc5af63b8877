import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { AnyPgDatabase } from './drizzle-storage-adapter';
import { syncTickets } from './ticket-table';
import { TICKET_TTL_MS, type SyncTicket, type TicketIssuer } from './tickets';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/**
 * Single-use, short-lived tickets in the database (design.md section 3: several api instances on
 * one Postgres): the instance that opens the socket need not be the one that issued the ticket.
 */
export class DbTicketStore implements TicketIssuer {
  constructor(
    private readonly db: AnyPgDatabase,
    private readonly now: () => number = Date.now,
    private readonly ttlMs: number = TICKET_TTL_MS,
  ) {}

  /** Issues a ticket (192 random bits, base64url); expired rows are swept on the way. */
  async issue(grant: Omit<SyncTicket, 'expiresAt'>): Promise<{ ticket: string; expiresAt: number }> {
    const ticket = randomBytes(24).toString('base64url');
    const expiresAt = this.now() + this.ttlMs;
    await this.db.delete(syncTickets).where(lt(syncTickets.expiresAt, new Date(this.now())));
    await this.db.insert(syncTickets).values({
      tokenHash: hashOf(ticket),
      projectId: grant.projectId,
      documentId: grant.documentId,
      userId: grant.userId,
      mode: grant.mode,
      expiresAt: new Date(expiresAt),
    });
    return { ticket, expiresAt };
  }

  /** Takes the ticket in one statement: of two instances consuming it at once, one gets it. */
  async consume(ticket: string): Promise<SyncTicket | null> {
    if (typeof ticket !== 'string' || ticket.length > 64) return null;
    const [row] = await this.db
      .delete(syncTickets)
      .where(eq(syncTickets.tokenHash, hashOf(ticket)))
      .returning();
    if (!row || row.expiresAt.getTime() <= this.now()) return null;
    return { projectId: row.projectId, documentId: row.documentId, userId: row.userId, mode: row.mode, expiresAt: row.expiresAt.getTime() };
  }
}
