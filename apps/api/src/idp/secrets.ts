import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idpSecrets } from '../db/schema/index';

export interface IdpSecrets {
  /** Private signing keys (RS256) for oidc-provider. */
  privateJwks: { keys: JsonWebKey[] };
  /** The matching public keys, for verifying our own access tokens without an HTTP round trip. */
  publicJwks: { keys: JsonWebKey[] };
  cookieKeys: string[];
}

async function loadOrCreate<T>(db: Db, name: string, make: () => T): Promise<T> {
  // Insert-if-missing then read, so two instances on one Postgres agree on one value.
  await db
    .insert(idpSecrets)
    .values({ name, value: make() as object })
    .onConflictDoNothing();
  const [row] = await db.select().from(idpSecrets).where(eq(idpSecrets.name, name));
  if (!row) throw new Error(`idp secret ${name} could not be stored`);
  return row.value as T;
}

/** Signing keys and cookie keys of the embedded provider, generated once and kept in the database. */
export async function loadIdpSecrets(db: Db): Promise<IdpSecrets> {
  const signing = await loadOrCreate(db, 'signing-key', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return { ...privateKey.export({ format: 'jwk' }), kid: `k_${randomBytes(8).toString('base64url')}`, alg: 'RS256', use: 'sig' };
  });
  const cookieKeys = await loadOrCreate(db, 'cookie-keys', () => [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')]);
  const pub = createPublicKey(createPrivateKey({ key: signing, format: 'jwk' })).export({ format: 'jwk' });
  return {
    privateJwks: { keys: [signing] },
    publicJwks: { keys: [{ ...pub, kid: signing.kid, alg: 'RS256', use: 'sig' }] },
    cookieKeys,
  };
}
