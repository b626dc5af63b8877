import { randomBytes } from 'node:crypto';

/** How long a sync ticket stays valid: long enough to open a socket, short enough to be useless if leaked. */
export const TICKET_TTL_MS = 30_000;

/** What a socket may do in its room. */
export type RoomMode = 'read-write' | 'read-only';

/** A grant to open one socket to one project's document. */
export interface SyncTicket {
  projectId: string;
  documentId: string;
  /** null for an anonymous projector. */
  userId: string | null;
  mode: RoomMode;
  expiresAt: number;
}

/** Where tickets live: this process's memory (TicketStore) or the database (DbTicketStore). */
export interface TicketIssuer {
  issue(grant: Omit<SyncTicket, 'expiresAt'>): { ticket: string; expiresAt: number } | Promise<{ ticket: string; expiresAt: number }>;
  /** Takes a ticket: valid once, and only before it expires; null otherwise. */
  consume(ticket: string): SyncTicket | null | Promise<SyncTicket | null>;
}

/** Single-use, short-lived tickets held in memory by the instance that serves /sync. */
export class TicketStore implements TicketIssuer {
  private readonly tickets = new Map<string, SyncTicket>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs: number = TICKET_TTL_MS,
  ) {}

  /** Issues a ticket; the token is 192 random bits, base64url. */
  issue(grant: Omit<SyncTicket, 'expiresAt'>): { ticket: string; expiresAt: number } {
    this.purge();
    const ticket = randomBytes(24).toString('base64url');
    const expiresAt = this.now() + this.ttlMs;
    this.tickets.set(ticket, { ...grant, expiresAt });
    return { ticket, expiresAt };
  }

  /** Takes a ticket out of the store: valid once, and only before it expires. */
  consume(ticket: string): SyncTicket | null {
    const grant = this.tickets.get(ticket);
    if (!grant) return null;
    this.tickets.delete(ticket);
    return grant.expiresAt > this.now() ? grant : null;
  }

  /** Number of tickets not yet used or purged. */
  get size(): number {
    return this.tickets.size;
  }

  private purge(): void {
    const now = this.now();
    for (const [key, grant] of this.tickets) if (grant.expiresAt <= now) this.tickets.delete(key);
  }
}
