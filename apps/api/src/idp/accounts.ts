import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idpAccounts } from '../db/schema/index';
import { hashPassword, verifyPassword } from './passwords';

export interface IdpAccount {
  id: string;
  email: string;
  name: string;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Looks an account up by id (the token subject). */
export async function findAccountById(db: Db, id: string): Promise<IdpAccount | null> {
  const [row] = await db.select({ id: idpAccounts.id, email: idpAccounts.email, name: idpAccounts.name }).from(idpAccounts).where(eq(idpAccounts.id, id));
  return row ?? null;
}

/** The account for these credentials, or null for a wrong e-mail or password. */
export async function checkCredentials(db: Db, email: string, password: string): Promise<IdpAccount | null> {
  const [row] = await db
    .select()
    .from(idpAccounts)
    .where(eq(idpAccounts.email, normaliseEmail(email)));
  if (!row) {
    // Spend the same time as a real check so the answer does not reveal which e-mails exist.
    await verifyPassword(password, DUMMY_HASH);
    return null;
  }
  return (await verifyPassword(password, row.passwordHash)) ? { id: row.id, email: row.email, name: row.name } : null;
}

const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** Creates an account; null when the e-mail is taken. */
export async function createAccount(db: Db, input: { email: string; password: string; name: string }): Promise<IdpAccount | null> {
  const email = normaliseEmail(input.email);
  const id = `acc_${randomBytes(12).toString('base64url')}`;
  const passwordHash = await hashPassword(input.password);
  const name = input.name.trim() || email.split('@')[0] || email;
  const rows = await db.insert(idpAccounts).values({ id, email, name, passwordHash }).onConflictDoNothing().returning({ id: idpAccounts.id });
  return rows.length > 0 ? { id, email, name } : null;
}

/** Creates the demo account when missing (DEMO_EMAIL/DEMO_PASSWORD), and resets its password to the configured one. */
export async function ensureDemoAccount(db: Db, email: string, password: string): Promise<void> {
  const created = await createAccount(db, { email, password, name: 'Demo User' });
  if (!created) {
    await db
      .update(idpAccounts)
      .set({ passwordHash: await hashPassword(password) })
      .where(sql`${idpAccounts.email} = ${normaliseEmail(email)}`);
  }
}
