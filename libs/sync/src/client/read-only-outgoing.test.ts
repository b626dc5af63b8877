import * as A from '@automerge/automerge';
import type { Message } from '@automerge/automerge-repo';
import { describe, expect, it } from 'vitest';
import { withoutChanges } from './read-only-outgoing';

const codec = { decode: A.decodeSyncMessage, encode: A.encodeSyncMessage as (m: unknown) => Uint8Array };

/** A real sync message from a peer that holds a change the other lacks. */
function messageWithChanges(): Uint8Array {
  let a = A.change(A.init<{ n: number }>(), (d) => void (d.n = 1));
  let b = A.init<{ n: number }>();
  let sa = A.initSyncState();
  let sb = A.initSyncState();
  for (let round = 0; round < 5; round++) {
    let msg: Uint8Array | null;
    [sa, msg] = A.generateSyncMessage(a, sa);
    if (msg && A.decodeSyncMessage(msg).changes.length > 0) return msg;
    if (msg) [b, sb] = A.receiveSyncMessage(b, sb, msg);
    [sb, msg] = A.generateSyncMessage(b, sb);
    if (msg) [a, sa] = A.receiveSyncMessage(a, sa, msg);
  }
  throw new Error('no sync message carried the change');
}

const sync = (data: Uint8Array): Message => ({ type: 'sync', senderId: 'p1', targetId: 'server', documentId: 'doc', data }) as unknown as Message;

describe('withoutChanges (read-only peers)', () => {
  it('strips the changes of an outgoing sync message and keeps its heads', () => {
    const data = messageWithChanges();
    const before = A.decodeSyncMessage(data);
    expect(before.changes.length).toBeGreaterThan(0);
    const out = withoutChanges(sync(data), codec) as unknown as { data: Uint8Array; type: string; documentId: string };
    const after = A.decodeSyncMessage(out.data);
    expect(after.changes).toEqual([]);
    expect(after.heads).toEqual(before.heads);
    expect(after.need).toEqual(before.need);
    expect(out).toMatchObject({ type: 'sync', documentId: 'doc' });
  });

  it('passes messages without changes, other message types and undecodable data through untouched', () => {
    const [, first] = A.generateSyncMessage(
      A.change(A.init<{ n: number }>(), (d) => void (d.n = 1)),
      A.initSyncState(),
    );
    const plain = sync(first!);
    expect(withoutChanges(plain, codec)).toBe(plain);
    const ephemeral = { type: 'ephemeral', senderId: 'p1', targetId: 'server', documentId: 'doc', data: new Uint8Array([1, 2]) } as unknown as Message;
    expect(withoutChanges(ephemeral, codec)).toBe(ephemeral);
    const junk = sync(new Uint8Array([0xff, 0x00, 0x13]));
    expect(withoutChanges(junk, codec)).toBe(junk);
  });
});
