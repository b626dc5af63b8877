import * as A from '@automerge/automerge';
import { cbor } from '@automerge/automerge-repo';

/** Every string value in a decoded value, depth first. */
function stringsOf(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (value instanceof Uint8Array) return;
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsOf(v, out);
    }
  }
}

/**
 * What a socket's frames say, as searchable text: each frame's raw bytes, its decoded message,
 * and every state of the document the changes in its sync messages describe (every change they
 * carried, loaded together, viewed at each change in history). Raw bytes are not enough: Automerge
 * deflates long columns and stores text one character per operation. For security tests that
 * search everything a peer received for a string it must never see.
 */
export function framesText(frames: readonly Uint8Array[]): string {
  const out: string[] = [];
  let received = A.init<Record<string, unknown>>();
  for (const frame of frames) {
    out.push(Buffer.from(frame).toString('latin1'));
    let message: unknown;
    try {
      message = cbor.decode(frame);
    } catch {
      continue;
    }
    stringsOf(message, out);
    const data = (message as { data?: unknown }).data;
    if (!(data instanceof Uint8Array)) continue;
    try {
      const sync = A.decodeSyncMessage(data);
      for (const change of sync.changes) received = A.loadIncremental(received, change);
    } catch {
      // Ephemeral payloads are cbor, not sync messages.
      try {
        stringsOf(cbor.decode(data), out);
      } catch {
        out.push(Buffer.from(data).toString('latin1'));
      }
    }
  }
  // Every state the received history holds, as JSON: deleted layers and old names included.
  for (const change of A.getAllChanges(received)) out.push(JSON.stringify(A.view(received, [A.decodeChange(change).hash])));
  return out.join('\n');
}
