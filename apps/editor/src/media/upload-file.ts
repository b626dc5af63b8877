import { tooLargeReason } from './drop-plan';
import { readHead, sniffMediaFile } from './sniff';
import type { MediaKind } from './sniff';
import type { UploadQueue, UploadResult } from './upload-queue';

/** A started upload, or why the file was refused before any byte left the browser. */
export type StartedUpload =
  | { readonly ok: true; readonly id: number; readonly done: Promise<UploadResult>; readonly file: { name: string; type: string; size: number } }
  | { readonly ok: false; readonly reason: string };

/** Checks a chosen or dropped file by its first bytes and queues it as the type it really is. */
export async function startUpload(queue: UploadQueue, file: File, kind: MediaKind): Promise<StartedUpload> {
  const sniffed = sniffMediaFile(file.name, await readHead(file), kind);
  if (!sniffed.ok) return sniffed;
  // Over the api's limit for its type: said now, not after the bytes were sent.
  const tooLarge = tooLargeReason(file.name, sniffed.type, file.size);
  if (tooLarge) return { ok: false, reason: tooLarge };
  const described = { name: file.name, type: sniffed.type, size: file.size };
  const { id, done } = queue.add({ ...described, body: file });
  return { ok: true, id, done, file: described };
}
