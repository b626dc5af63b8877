import type { BuildAdditionsResult, BuildAdditionsTask } from './build-additions';
import type { BuildProjectTask, BuiltProject } from './build-project';
import type { CompactedChunks } from '@beamstage/sync/node';

/** The tasks of the document workers: a large write's additions, a new project's whole document, or a document's snapshot from its stored chunks. */
export type DocumentTask =
  ({ kind: 'additions' } & BuildAdditionsTask) | ({ kind: 'project' } & BuildProjectTask) | { kind: 'compact'; chunks: Uint8Array[] } | { kind: 'ping' };

/** What each task answers: the additions' encoded changes (or that the worker needs the whole base), the new project's row data and changes, or the snapshot (a ping: no changes). */
export type DocumentResult = BuildAdditionsResult | BuiltProject | CompactedChunks | [];
