/** The one error kind an import or a migration throws; its message is meant for the user. */
export class ProjectImportError extends Error {
  override readonly name = 'ProjectImportError';
}

/** Message for input that is not a project object (spec section 8: "Invalid project JSON"). */
export const INVALID_PROJECT_JSON = 'Invalid project JSON';
/** Spec section 8, exact text. */
export const NO_PROJECT_JSON_IN_ZIP = 'No project.json found in ZIP file';
/** Only one file operation may run at once (spec section 4). */
export const FILE_OPERATION_BUSY = 'Another file operation is in progress';
