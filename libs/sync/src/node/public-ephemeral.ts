import { cbor } from '@automerge/automerge-repo';
import { CUE_MESSAGE, readCueMessage, readTransportMessage, TRANSPORT_MESSAGE } from '@beamstage/timeline';
import { parseDragMessage } from '../client/drag-channel';

/**
 * What of an editor's ephemeral traffic may reach a project's public room (anonymous projectors and
 * the embedded player, design.md section 4 rule 11): the live drag frames (a layer id and numbers)
 * the timeline transport (numbers and a play state) and a GO cue (a scene id and numbers), so the wall follows a corner while it is
 * dragged and plays the editor's show. Presence (names, colours, selections) and anything else stay
 * in the private room. The payload is rebuilt from known fields and re-encoded, so nothing rides
 * along in an unknown field. Returns the bytes to relay, or null to keep the message private.
 */
export function publicEphemeralPayload(data: unknown): Uint8Array | null {
  if (!(data instanceof Uint8Array)) return null;
  let decoded: unknown;
  try {
    decoded = cbor.decode(data);
  } catch {
    return null;
  }
  const drag = parseDragMessage(decoded);
  if (drag) return drag.target.length <= 200 ? cbor.encode(drag).slice() : null;
  const transport = readTransportMessage(decoded);
  if (transport) {
    const { bounds } = transport;
    const timeline = {
      ...(bounds.playStartTime !== undefined ? { playStartTime: bounds.playStartTime } : {}),
      ...(bounds.playEnd !== undefined ? { playEndTime: bounds.playEnd } : {}),
      ...(bounds.loop !== undefined ? { loop: bounds.loop } : {}),
      ...(bounds.fps !== undefined ? { fps: bounds.fps } : {}),
    };
    return cbor.encode({ type: TRANSPORT_MESSAGE, transport: transport.transport, timeline, ...(transport.stopped ? { state: 'stopped' } : {}) }).slice();
  }
  // A GO: a scene id and numbers, so the wall blends into the scene as the editor does.
  const cue = readCueMessage(decoded);
  if (cue) return cbor.encode({ type: CUE_MESSAGE, ...cue }).slice();
  return null;
}
