/**
 * The api's one error type. `error` is the sentence the user reads: the spec's clients show a
 * failed call's `error`, else its `message`, else "API Error" (spec section 7), so `error` is never
 * a bare status phrase like "Bad Request". `message` adds detail when there is some (e.g. "Billing
 * is not configured" / "Set STRIPE_SECRET_KEY ..."), else repeats `error`.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string = error,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (what = 'Project not found') => new ApiError(404, what);
export const forbidden = (message: string) => new ApiError(403, message);
export const conflict = (message: string) => new ApiError(409, message);
export const badRequest = (message: string) => new ApiError(400, message);

/** The spec's refusal of a project creation over the plan's limit (spec section 8). */
export const PROJECT_LIMIT_REACHED = 'Project limit reached';

/** Thrown when a user's plan allows no further project (403 "Project limit reached"). */
export class ProjectLimitError extends ApiError {
  constructor(readonly limit: number) {
    super(403, PROJECT_LIMIT_REACHED);
    this.name = 'ProjectLimitError';
  }
}
