// The upload flow (spec section 7, design.md rule 6): the server builds the key, reserves the
// quota and signs a PUT; after the browser uploads, finalise checks size, type and magic bytes;
// set-public-acl copies the object under the public prefix that the api serves with nosniff.
// The upload URL names a staging key (`.../incoming/{uuid}.{ext}`); finalise copies it to the
// object's own key, which no URL names, and checks that copy: a URL still alive after finalise
// can only rewrite the staging object, never what was checked or published (design.md rule 12).
import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { and, eq, lt, sql } from 'drizzle-orm';
import { storageObjects } from '../../../db/schema/storage';
import type { Db } from '../../../db/client';
import { getUserQuota, releaseStorage, reserveStorageForObject } from '../quota/quota';
import { ApiError } from '../../../errors/api-error';
import type { ObjectStore } from '../../../storage/object-store';
import { acceptedTypes, mediaTypeFor, SNIFF_BYTES, type UploadKind } from './media-types';
import { presignPut, type PresignTarget } from './presign';
import { sanitiseSvg, SvgRejectedError } from './svg-sanitise';

/** How long a presigned upload URL stays valid. */
export const UPLOAD_URL_TTL_S = 300;
/** After the URL expired, how long an unfinalised reservation is kept before it is swept. */
export const PENDING_GRACE_MS = 10 * 60 * 1000;

/** A project role as app.projectAccess answers it. */
export type ProjectRole = 'owner' | 'editor' | 'viewer' | null;

/** What the upload service needs. */
export interface UploadDeps {
  db: Db;
  store: ObjectStore;
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

/** The key the upload URL names for `key` (`u/{user}/p/{project}/{uuid}.{ext}`): never read by anything but finalise. */
export function stagingKeyFor(key: string): string {
  const slash = key.lastIndexOf('/');
  return `${key.slice(0, slash)}/incoming/${key.slice(slash + 1)}`;
}

/** True when a file name holds NUL or another control character (C0, DEL, C1) or a path separator. */
const badFileName = (name: string) =>
  [...name].some((c) => {
    const code = c.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || c === '/' || c === '\\';
  });

/** Passes a stream through once its first bytes pass `check`; fails it otherwise. */
function headChecked(check: (head: Buffer) => boolean, error: () => Error): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  const release = (stream: Transform) => {
    const bytes = head as Buffer;
    head = null;
    if (!check(bytes)) return error();
    stream.push(bytes);
    return null;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (head === null) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      done(head.length >= SNIFF_BYTES ? release(this) : null);
    },
    flush(done) {
      done(head === null ? null : release(this));
    },
  });
}

const NOT_FOUND = () => new ApiError(404, 'No such file of yours');

const streamToBuffer = async (stream: Readable, limit: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > limit) {
      stream.destroy();
      throw new ApiError(413, 'File too large');
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
    const rows = await db
      .select()
      .from(storageObjects)
      .where(and(eq(storageObjects.key, key), eq(storageObjects.userId, userId)));
    const row = rows[0];
    if (!row) throw NOT_FOUND();
    return row;
  };

  const removeQuietly = async (key: string) => {
    await store.client.removeObject(store.bucket, key).catch(() => undefined);
  };

  /** Drops a pending object: row, reservation and bytes. */
  const discardPending = async (key: string) => {
    const rows = await db
      .delete(storageObjects)
      .where(and(eq(storageObjects.key, key), eq(storageObjects.status, 'pending')))
      .returning();
    const row = rows[0];
    if (row) await releaseStorage(db, row.userId, row.sizeBytes);
    await removeQuietly(key);
    await removeQuietly(stagingKeyFor(key));
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
    const staging = stagingKeyFor(key);
    try {
      await store.client.statObject(store.bucket, staging);
    } catch {
      throw new ApiError(409, 'Upload not found', 'The file has not been uploaded yet');
    }
    const refuse = async (status: number, error: string, message: string) => {
      await discardPending(key);
      throw new ApiError(status, error, message);
    };
    // Copy first, then check the copy: its key is in no upload URL, so what is checked is what stays.
    try {
      await store.client.copyObject(store.bucket, key, `/${store.bucket}/${staging}`);
    } catch {
      // A concurrent finalise took the staging object first: answer as it settled.
      const settled = await ownRow(userId, key);
      if (settled.status !== 'pending') return { key, size: settled.sizeBytes, contentType: settled.contentType };
      throw new ApiError(409, 'Upload not found', 'The file has not been uploaded yet');
    }
    await removeQuietly(staging);
    const stat = await store.client.statObject(store.bucket, key);
    if (!type) return refuse(415, 'Unsupported file type', `Accepted types: ${acceptedTypes(kind).join(', ')}`);
    // row.sizeBytes is the reservation: the declared size, or the type's maximum when none was declared.
    if (stat.size > row.sizeBytes || stat.size > type.maxBytes)
      return refuse(413, 'File too large', `The file is larger than the ${row.sizeBytes} bytes reserved for it`);
    if (stat.size === 0) return refuse(400, 'Empty file', 'The uploaded file is empty');
    const storedType = String(stat.metaData?.['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
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
      if (typeof input.fileName !== 'string' || badFileName(input.fileName)) {
        throw new ApiError(400, 'Invalid file name', 'fileName must not contain control characters (such as NUL) or path separators (/ or \\)');
      }
      const role = await deps.projectAccess(userId, input.projectId);
      if (role === null) throw new ApiError(404, 'Project not found');
      if (role === 'viewer') throw new ApiError(403, 'Viewers cannot upload to this project');
      const type = mediaTypeFor(kind, input.fileType);
      if (!type) throw new ApiError(415, 'Unsupported file type', `Accepted types: ${acceptedTypes(kind).join(', ')}`);
      if (kind === 'mask' && input.fileSize === undefined) throw new ApiError(400, 'Invalid file size', 'fileSize is required for masks');
      if (input.fileSize !== undefined && (!Number.isInteger(input.fileSize) || input.fileSize <= 0)) throw new ApiError(400, 'Invalid file size');
      if (input.fileSize !== undefined && input.fileSize > type.maxBytes)
        throw new ApiError(413, 'File too large', `At most ${type.maxBytes} bytes for ${input.fileType}`);
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
        throw new ApiError(413, 'Storage limit reached', `Your plan allows ${quota?.storageLimitBytes ?? 0} bytes of uploads`);
      }
      const uploadUrl = presignPut(deps.presign, store.bucket, stagingKeyFor(key), {
        contentType: input.fileType,
        contentLength: input.fileSize ?? null,
        date,
        expiresSeconds: UPLOAD_URL_TTL_S,
      });
      const headers: Record<string, string> = { 'Content-Type': input.fileType };
      return { uploadUrl, key, publicUrl: publicUrlOf(key), expiresAt: expiresAt.toISOString(), headers };
    },

    finalise,

    /**
     * Finalises if needed, then copies the object under the public prefix (served with nosniff),
     * checking the bytes again on the way: the type's signature, and SVG through the sanitiser.
     */
    async makePublic(userId: string, key: string): Promise<{ key: string; publicUrl: string }> {
      await finalise(userId, key);
      const row = await ownRow(userId, key);
      const publicKey = `${store.publicPrefix}${key}`;
      if (row.status !== 'public') {
        const type = mediaTypeFor(row.kind as UploadKind, row.contentType);
        if (!type) throw new ApiError(415, 'Unsupported file type', `Accepted types: ${acceptedTypes(row.kind as UploadKind).join(', ')}`);
        const meta = { 'Content-Type': row.contentType };
        const wrongType = () => new ApiError(415, 'Wrong file type', `The stored file is no longer ${row.contentType}; it was not published`);
        if (row.contentType === 'image/svg+xml') {
          const text = (await streamToBuffer(await store.client.getObject(store.bucket, key), type.maxBytes)).toString('utf8');
          let clean: string;
          try {
            clean = sanitiseSvg(text);
          } catch (err) {
            if (err instanceof SvgRejectedError) throw wrongType();
            throw err;
          }
          if (!type.sniff(Buffer.from(clean.slice(0, SNIFF_BYTES)))) throw wrongType();
          await store.client.putObject(store.bucket, publicKey, Buffer.from(clean, 'utf8'), Buffer.byteLength(clean), meta);
        } else {
          const stat = await store.client.statObject(store.bucket, key);
          if (stat.size > type.maxBytes) throw new ApiError(413, 'File too large', `At most ${type.maxBytes} bytes for ${row.contentType}`);
          const source = await store.client.getObject(store.bucket, key);
          const checked = source.pipe(headChecked(type.sniff, wrongType));
          source.on('error', (err) => checked.destroy(err));
          try {
            await store.client.putObject(store.bucket, publicKey, checked, stat.size, meta);
          } catch (err) {
            await removeQuietly(publicKey);
            throw err instanceof ApiError ? err : (checked.errored ?? err);
          }
        }
        await db.update(storageObjects).set({ status: 'public', publicKey }).where(eq(storageObjects.key, key));
      }
      return { key, publicUrl: publicUrlOf(key) };
    },

    /** Deletes one of the caller's objects (and its public copy) and gives its bytes back. */
    async remove(userId: string, key: string): Promise<{ success: true }> {
      await ownRow(userId, key);
      const rows = await db
        .delete(storageObjects)
        .where(and(eq(storageObjects.key, key), eq(storageObjects.userId, userId)))
        .returning();
      const row = rows[0];
      if (!row) throw NOT_FOUND();
      await releaseStorage(db, userId, row.sizeBytes);
      await removeQuietly(key);
      await removeQuietly(stagingKeyFor(key));
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
        await removeQuietly(stagingKeyFor(row.key));
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
      return {
        usedBytes,
        limitBytes,
        remainingBytes: Math.max(limitBytes - usedBytes, 0),
        fileCount: Number(counted[0]?.files ?? 0),
        planId: quota?.planId ?? 'free',
      };
    },

    sweepExpired,
  };
}

/** The upload service type. */
export type UploadService = ReturnType<typeof createUploadService>;
