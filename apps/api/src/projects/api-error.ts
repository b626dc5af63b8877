/** An error with the `{ error, message }` body the spec's clients read (error first). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (what = 'Project not found') => new ApiError(404, what, what);
export const forbidden = (message: string) => new ApiError(403, 'Forbidden', message);
export const conflict = (message: string) => new ApiError(409, 'Conflict', message);
export const badRequest = (message: string) => new ApiError(400, 'Bad Request', message);
