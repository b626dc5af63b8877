// @beamstage/stage/live: following a published project's live document. A separate entry so that
// only code loaded with import() reaches @beamstage/sync (Automerge and its wasm).
export { followLiveDocument, SETTLE_AFTER_CONNECT_MS } from './follow-live-document';
export type { LiveDocument, LiveDocumentOptions } from './follow-live-document';
export { readLocalProject } from './local-project';
