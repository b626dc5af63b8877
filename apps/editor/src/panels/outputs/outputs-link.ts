import type { EphemeralChannel, OutputOp } from '@beamstage/sync';
import type * as SyncBrowser from '@beamstage/sync/browser';
import type { Clock } from '@beamstage/timeline';
import type { EditorStore } from '../../state/editor-store';
import { OUTPUT_SILENCE_MS, withAnnouncement, withoutPeer, withoutSilent } from './outputs-model';

/** The parts of libs/sync the link uses (loaded in the sync chunk, handed over with the document). */
export type OutputsKit = Pick<typeof SyncBrowser, 'parseProjectorPresence'>;

type Send = (op: OutputOp, target: string) => boolean;
const senders = new WeakMap<EditorStore, Send>();

let counter = 0;
const commandId = (now: number) => `out_${now.toString(36)}_${(++counter).toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

/**
 * Follows the projectors of the room (their read-only presence) into `store.outputs`, and lets this
 * editor send them output commands in its user's name (`userId`: the api's id, null until known;
 * the server drops a command whose sender is not the socket's user).
 * Returns the detach function.
 */
export function attachOutputs(channel: EphemeralChannel, store: EditorStore, userId: () => string | null, kit: OutputsKit, clock: Clock): () => void {
  const unsubscribe = channel.subscribe((message, senderId) => {
    if ((message as { kind?: unknown } | null)?.kind === 'presence-leave') {
      if (store.outputs.some((o) => o.peerId === senderId)) store.outputs = withoutPeer(store.outputs, senderId);
      return;
    }
    const presence = kit.parseProjectorPresence(message);
    if (presence) store.outputs = withAnnouncement(store.outputs, presence, senderId, clock.now());
  });
  let timer = clock.setTimeout(function prune() {
    const kept = withoutSilent(store.outputs, clock.now());
    if (kept.length !== store.outputs.length) store.outputs = kept;
    timer = clock.setTimeout(prune, OUTPUT_SILENCE_MS / 2);
  }, OUTPUT_SILENCE_MS / 2);
  senders.set(store, (op, target) => {
    const from = userId();
    if (store.viewOnly || !from) return false;
    channel.broadcast({ kind: 'output', id: commandId(clock.now()), from, target, ...op });
    return true;
  });
  return () => {
    unsubscribe();
    clock.clearTimeout(timer);
    senders.delete(store);
    store.outputs = [];
  };
}

/** Sends an output command to one projector or to all ('*'); false when there is no live room or we may not. */
export function sendOutputCommand(store: EditorStore, op: OutputOp, target = '*'): boolean {
  return senders.get(store)?.(op, target) ?? false;
}
