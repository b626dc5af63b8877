// The upload flow (spec section 7, design.md rule 6): the server builds the key, reserves the
// quota and signs a PUT; after the browser uploads, finalise checks size, type and magic bytes;
// set-public-acl copies the object under the public prefix that the api serves with nosniff.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Client } from 'minio';
import { storageObjects } from '../../../db/schema/storage';
import type { CommerceDb } from '../quota/db';
import { getUserQuota, releaseStorage, reserveStorageForObject } from '../quota/quota';
import { HttpError } from './errors';
import { acceptedTypes, mediaTypeFor, SNIFF_BYTES, type UploadKind } from './media-types';
import { presignPut, type PresignTarget } from './presign';
import { sanitiseSvg, SvgRejectedError } from './svg-sanitise';

/** How long a presigned upload URL stays valid. */
export const UPLOAD_URL_TTL_S = 300;
/** After the URL expired, how long an unfinalised reservation is kept before it is swept. */
export const PENDING_GRACE_MS = 10 * 60 * 1000;

/** The object store as api-core decorates it (app.storage). */
export interface UploadStore {
  client: Client;
  bucket: string;
  publicPrefix: string;
  publicUrl(key: string): string;
}

/** A project role as app.projectAccess answers it. */
export type ProjectRole = 'owner' | 'editor' | 'viewer' | null;

/** What the upload service needs. */
export interface UploadDeps {
  db: CommerceDb;
  store: UploadStore;
  presign: PresignTarget;
  projectAccess(userId: string, projectId: string): Promise<ProjectRole>;
  /** The URL a published key is served at (default: the store's publicUrl of its public copy). */
  publicUrl?: (key: string) => string;
  now?: () => Date;
}

/** The body of create-upload-url (fileSize is required for masks, optional for assets). */
export interface CreateUploadInput {
  fileName: string;
  fileType: string;
  projectId: string;
  fileSize?: number;
}

/** What create-upload-url answers. */
export interface CreateUploadResult {
  uploadUrl: string;
  key: string;
  publicUrl: string;
  expiresAt: string;
  /** Headers the PUT must carry exactly (they are signed). */
  headers: Record<string, string>;
}

const NOT_FOUND = () => new HttpError(404, 'Not found', 'No such file of yours');

const streamToBuffer = async (stream: Readable, limit: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > limit) {
      stream.destroy();
      throw new HttpError(413, 'File too large');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

/** Builds the upload service over a database, an object store and a signer. */
export function createUploadService(deps: UploadDeps) {
  const now = deps.now ?? (() => new Date());
  const { db, store } = deps;
  const publicUrlOf = deps.publicUrl ?? ((key: string) => store.publicUrl(`${store.publicPrefix}${key}`));

  const ownRow = async (userId: string, key: string) => {
    if (typeof key !== 'string' || !key.startsWith(`u/${userId}/`)) throw NOT_FOUND();
    const rows = await db.select().from(storageObjects).where(and(eq(storageObjects.key, key), eq(storageObjects.userId, userId)));
    const row = rows[0];
    if (!row) throw NOT_FOUND();
    return row;
  };

  const removeQuietly = async (key: string) => {
    await store.client.removeObject(store.bucket, key).catch(() => undefined);
  };

  /** Drops a pending object: row, reservation and bytes. */
  const discardPending = async (key: string) => {
    const rows = await db.delete(storageObjects).where(and(eq(storageObjects.key, key), eq(storageObjects.status, 'pending'))).returning();
    const row = rows[0];
    if (row) await releaseStorage(db, row.userId, row.sizeBytes);
    await removeQuietly(key);
  };

  /** Releases reservations of the user's uploads that were never finalised. */
  const sweepExpired = async (userId: string) => {
    const cutoff = new Date(now().getTime() - PENDING_GRACE_MS);
    const stale = await db
      .select({ key: storageObjects.key })
      .from(storageObjects)
      .where(and(eq(storageObjects.userId, userId), eq(storageObjects.status, 'pending'), lt(storageObjects.expiresAt, cutoff)));
    for (const { key } of stale) await discardPending(key);
    return stale.length;
  };

  /** Checks size, content type and magic bytes of an uploaded object and settles its quota. */
  const finalise = async (userId: string, key: string) => {
    const row = await ownRow(userId, key);
    if (row.status !== 'pending') return { key, size: row.sizeBytes, contentType: row.contentType };
    const kind = row.kind as UploadKind;
    const type = mediaTypeFor(kind, row.contentType);
    let stat;
    try {
      stat = await store.client.statObject(store.bucket, key);
    } catch {
      throw new HttpError(409, 'Upload not found', 'The file has not been uploaded yet');
    }
    const refuse = async (status: number, error: string, message: string) => {
      await discardPending(key);
      throw new HttpError(status, error, message);
    };
    if (!type) return refuse(415, 'Unsupported file type', `Accepted types: ${acceptedTypes(kind).join(', ')}`);
    // row.sizeBytes is the reservation: the declared size, or the type's maximum when none was declared.
    if (stat.size > row.sizeBytes || stat.size > type.maxBytes) return refuse(413, 'File too large', `The file is larger than the ${row.sizeBytes} bytes reserved for it`);
    if (stat.size === 0) return refuse(400, 'Empty file', 'The uploaded file is empty');
    const storedType = String(stat.metaData?.['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (storedType !== row.contentType) return refuse(415, 'Wrong file type', `The file was uploaded as ${storedType || 'unknown'}, not ${row.contentType}`);
    const head = await streamToBuffer(await store.client.getPartialObject(store.bucket, key, 0, SNIFF_BYTES), SNIFF_BYTES);
    if (!type.sniff(head)) return refuse(415, 'Wrong file type', `The file content is not ${row.contentType}`);
    let size = stat.size;
    if (row.contentType === 'image/svg+xml') {
      const text = (await streamToBuffer(await store.client.getObject(store.bucket, key), type.maxBytes)).toString('utf8');
      let clean: string;
      try {
        clean = sanitiseSvg(text);
      } catch (err) {
        if (err instanceof SvgRejectedError) return refuse(415, 'Wrong file type', err.message);
        throw err;
      }
      const bytes = Buffer.from(clean, 'utf8');
      await store.client.putObject(store.bucket, key, bytes, bytes.length, { 'Content-Type': 'image/svg+xml' });
      size = bytes.length;
    }
    const settled = await db
      .update(storageObjects)
      .set({ status: 'final', sizeBytes: size })
      .where(and(eq(storageObjects.key, key), eq(storageObjects.status, 'pending')))
      .returning();
    // Only the call that moved the row out of pending gives back the unused reservation.
    if (settled[0]) await releaseStorage(db, userId, row.sizeBytes - size);
    return { key, size, contentType: row.contentType };
  };

  return {
    /** Reserves quota and returns a presigned PUT for a new object under the caller's prefix. */
    async createUploadUrl(userId: string, kind: UploadKind, input: CreateUploadInput): Promise<CreateUploadResult> {
      const role = await deps.projectAccess(userId, input.projectId);
      if (role === null) throw new HttpError(404, 'Project not found');
      if (role === 'viewer') throw new HttpError(403, 'Forbidden', 'Viewers cannot upload to this project');
      const type = mediaTypeFor(kind, input.fileType);
      if (!type) throw new HttpError(415, 'Unsupported file type', `Accepted types: ${acceptedTypes(kind).join(', ')}`);
      if (kind === 'mask' && input.fileSize === undefined) throw new HttpError(400, 'Invalid file size', 'fileSize is required for masks');
      if (input.fileSize !== undefined && (!Number.isInteger(input.fileSize) || input.fileSize <= 0)) throw new HttpError(400, 'Invalid file size');
      if (input.fileSize !== undefined && input.fileSize > type.maxBytes) throw new HttpError(413, 'File too large', `At most ${type.maxBytes} bytes for ${input.fileType}`);
      const reserve = input.fileSize ?? type.maxBytes;
      const key = `u/${userId}/p/${input.projectId}/${randomUUID()}.${type.ext}`;
      const date = now();
      const expiresAt = new Date(date.getTime() + UPLOAD_URL_TTL_S * 1000);
      const pending = { key, projectId: input.projectId, kind, contentType: input.fileType, fileName: String(input.fileName).slice(0, 255), expiresAt };
      // Abandoned uploads only matter when they block a new one: sweep them then and try again.
      let reserved = await reserveStorageForObject(db, userId, reserve, pending);
      if (!reserved && (await sweepExpired(userId)) > 0) reserved = await reserveStorageForObject(db, userId, reserve, pending);
      if (!reserved) {
        const quota = await getUserQuota(db, userId);
        throw new HttpError(413, 'Storage limit reached', `Your plan allows ${quota?.storageLimitBytes ?? 0} bytes of uploads`);
      }
      const uploadUrl = presignPut(deps.presign, store.bucket, key, {
        contentType: input.fileType,
        contentLength: input.fileSize ?? null,
        date,
        expiresSeconds: UPLOAD_URL_TTL_S,
      });
      const headers: Record<string, string> = { 'Content-Type': input.fileType };
      return { uploadUrl, key, publicUrl: publicUrlOf(key), expiresAt: expiresAt.toISOString(), headers };
    },

    finalise,

    /** Finalises if needed, then copies the object under the public prefix (served with nosniff). */
    async makePublic(userId: string, key: string): Promise<{ key: string; publicUrl: string }> {
      await finalise(userId, key);
      const row = await ownRow(userId, key);
      const publicKey = `${store.publicPrefix}${key}`;
      if (row.status !== 'public') {
        const stat = await store.client.statObject(store.bucket, key);
        const body = await store.client.getObject(store.bucket, key);
        await store.client.putObject(store.bucket, publicKey, body, stat.size, { 'Content-Type': row.contentType });
        await db.update(storageObjects).set({ status: 'public', publicKey }).where(eq(storageObjects.key, key));
      }
      return { key, publicUrl: publicUrlOf(key) };
    },

    /** Deletes one of the caller's objects (and its public copy) and gives its bytes back. */
    async remove(userId: string, key: string): Promise<{ success: true }> {
      await ownRow(userId, key);
      const rows = await db.delete(storageObjects).where(and(eq(storageObjects.key, key), eq(storageObjects.userId, userId))).returning();
      const row = rows[0];
      if (!row) throw NOT_FOUND();
      await releaseStorage(db, userId, row.sizeBytes);
      await removeQuietly(key);
      await removeQuietly(`${store.publicPrefix}${key}`);
      return { success: true };
    },

    /**
     * Deletes every object of a deleted project, whoever uploaded it, with its public copy, and
     * gives each uploader their bytes back; then removes strays left under the owner's prefix
     * that no row knows (a row swept while its upload was still landing).
     */
    async removeProjectObjects(ownerId: string, projectId: string): Promise<{ objects: number; bytes: number }> {
      const rows = await db.delete(storageObjects).where(eq(storageObjects.projectId, projectId)).returning();
      let bytes = 0;
      for (const row of rows) {
        await releaseStorage(db, row.userId, row.sizeBytes);
        bytes += row.sizeBytes;
        await removeQuietly(row.key);
        await removeQuietly(`${store.publicPrefix}${row.key}`);
      }
      const prefix = `u/${ownerId}/p/${projectId}/`;
      for (const p of [prefix, `${store.publicPrefix}${prefix}`]) {
        const keys: string[] = [];
        for await (const item of store.client.listObjectsV2(store.bucket, p, true) as AsyncIterable<{ name?: string }>) if (item.name) keys.push(item.name);
        if (keys.length > 0) await store.client.removeObjects(store.bucket, keys);
      }
      return { objects: rows.length, bytes };
    },

    /** The caller's storage use against their plan. */
    async usage(userId: string) {
      const quota = await getUserQuota(db, userId);
      const counted = await db
        .select({ files: sql<number>`count(*)` })
        .from(storageObjects)
        .where(and(eq(storageObjects.userId, userId), sql`${storageObjects.status} <> 'pending'`));
      const usedBytes = quota?.storageBytes ?? 0;
      const limitBytes = quota?.storageLimitBytes ?? 0;
      return { usedBytes, limitBytes, remainingBytes: Math.max(limitBytes - usedBytes, 0), fileCount: Number(counted[0]?.files ?? 0), planId: quota?.planId ?? 'free' };
    },

    sweepExpired,
  };
}

/** The upload service type. */
export type UploadService = ReturnType<typeof createUploadService>;
