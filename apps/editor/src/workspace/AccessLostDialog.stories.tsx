import { AccessLostDialog } from './AccessLostDialog';

const noop = () => undefined;

export default {
  title: 'Editor/Workspace/AccessLostDialog',
  component: AccessLostDialog,
  args: { reason: 'removed', unsent: false, onStay: noop },
};

/** The owner removed this member while their editor was open. */
export const Removed = {};
/** Removed with edits the server had not stored yet. */
export const RemovedWithUnsentChanges = { args: { unsent: true } };
/** The owner deleted the project while it was open here. */
export const Deleted = { args: { reason: 'deleted' } };
