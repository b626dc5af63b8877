// Loaded with import() after the first frame, only for a project published with realtime on: this
// module is the player's only way into @beamstage/sync (Automerge and its wasm, fetched from the
// studio next to player.js), so a still show never loads any of it. The following itself is
// libs/stage's, shared with the projector.
import type { ProjectJson } from '@beamstage/layers';
import { followLiveDocument } from '@beamstage/stage/live';
import type { ConnectionState } from '@beamstage/sync/browser';

export interface LiveOptions {
  studioOrigin: string;
  projectId: string;
  /** A new base project: the live document with the editors' drags in progress on top. */
  onProject: (project: ProjectJson) => void;
  onState: (state: ConnectionState) => void;
}

export interface LivePlayer {
  /** Projects drawn from the live document so far. */
  draws(): number;
  close(): Promise<void>;
}

/** Follows the published project's live document over the anonymous read-only room. */
export async function startLive(options: LiveOptions): Promise<LivePlayer> {
  const live = await followLiveDocument({
    apiOrigin: options.studioOrigin,
    projectId: options.projectId,
    // The host page's origin holds this database: its own name, never an editor's.
    databaseName: 'beamstage-player',
    // The element already shows the public snapshot: nothing is drawn until the document is read.
    initial: null,
    show: options.onProject,
    onState: options.onState,
  });
  return { draws: () => live.follower.draws(), close: () => live.close() };
}
