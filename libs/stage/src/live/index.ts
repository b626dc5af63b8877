// @beamstage/stage/live: following a published project's live document. A separate entry so that
// only code loaded with import() reaches @beamstage/sync (Automerge and its wasm).
export { followLiveDocument, SETTLE_AFTER_CONNECT_MS } from './follow-live-document';
export type { LiveDocument, LiveDocumentOptions } from './follow-live-document';
export { createLiveFollower, LOCAL_PREFERRED_MS } from './live-follower';
export { readLocalProject } from './local-project';
export type { LiveFollower, LiveFollowerOptions, OverrideSource } from './live-follower';
