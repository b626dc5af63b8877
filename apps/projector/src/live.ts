// Loaded with import() after the first frame: this module is the projector's only way into
// @beamstage/sync (Automerge and its wasm), so none of it weighs on the initial load. The following
// itself is libs/stage's (shared with the embedded player).
import type { ProjectJson } from '@beamstage/layers';
import type { LiveFollower } from '@beamstage/stage';
import { followLiveDocument } from '@beamstage/stage/live';
import type { ConnectionState, EphemeralChannel } from '@beamstage/sync/browser';

export interface LiveOptions {
  projectId: string;
  initial: ProjectJson;
  show: (project: ProjectJson) => void;
  onState: (state: ConnectionState) => void;
  onDraw?: (draws: number) => void;
  /** Each ephemeral message of the room (the editor's timeline transport). */
  onMessage?: (message: unknown) => void;
}

/** The running live projector. */
export interface LiveProjector {
  follower: LiveFollower;
  /** The room's ephemeral channel (output commands and the projector's presence ride it). */
  channel: EphemeralChannel;
  close(): Promise<void>;
}

/** Opens the project's live document anonymously (read-only) and redraws the wall from it. */
export async function startLive(options: LiveOptions): Promise<LiveProjector> {
  let draws = 0;
  return followLiveDocument({
    apiOrigin: window.location.origin,
    projectId: options.projectId,
    // Its own database: an editor's offline edits in the same browser must not ride a read-only socket.
    databaseName: 'beamstage-projector',
    // An editor on this machine reaches the wall over BroadcastChannel too.
    localLink: true,
    initial: options.initial,
    show: (project) => {
      options.show(project);
      options.onDraw?.(++draws);
    },
    onState: options.onState,
    ...(options.onMessage ? { onMessage: options.onMessage } : {}),
  });
}
