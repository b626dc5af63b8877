import type { BuildAdditionsTask } from './build-additions';
import type { BuildProjectTask, BuiltProject } from './build-project';

/** The tasks of the document workers: a large write's additions, or a new project's whole document. */
export type DocumentTask = ({ kind: 'additions' } & BuildAdditionsTask) | ({ kind: 'project' } & BuildProjectTask) | { kind: 'ping' };

/** What each task answers: the additions' encoded changes, or the new project's row data and changes (a ping: no changes). */
export type DocumentResult = Uint8Array[] | BuiltProject;
