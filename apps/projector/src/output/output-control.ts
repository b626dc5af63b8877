// Loaded with the live chunk: the parsers come from @beamstage/sync/browser.
import { commandTargets, parseOutputCommand, type EphemeralChannel } from '@beamstage/sync/browser';
import type { ProjectorOutputs } from './projector-outputs';

/** How often the projector re-announces itself (fps changes; the editor drops it after 3 silent beats). */
export const PROJECTOR_HEARTBEAT_MS = 2000;
/** Command ids remembered, to apply a command once when it arrives by the server and by BroadcastChannel. */
const SEEN_MAX = 200;

/**
 * Joins the projector to the room's ephemeral channel: applies output commands meant for it
 * (each once, though the same command may come over the socket and over BroadcastChannel from an
 * editor in this browser), and announces itself now, on every change and every 2 s.
 */
export function attachOutputControl(channel: EphemeralChannel, outputs: ProjectorOutputs): () => void {
  const seen: string[] = [];
  const announce = () => channel.broadcast(outputs.presence());
  const unsubscribe = channel.subscribe((message) => {
    const command = parseOutputCommand(message);
    if (!command || !commandTargets(command, outputs.id) || seen.includes(command.id)) return;
    seen.push(command.id);
    if (seen.length > SEEN_MAX) seen.shift();
    outputs.apply(command);
  });
  const offChange = outputs.onChange(announce);
  const timer = setInterval(announce, PROJECTOR_HEARTBEAT_MS);
  const leave = () => channel.broadcast({ kind: 'presence-leave' });
  window.addEventListener('pagehide', leave);
  announce();
  return () => {
    unsubscribe();
    offChange();
    clearInterval(timer);
    window.removeEventListener('pagehide', leave);
    leave();
  };
}
