/** An error a commerce route answers with `{ error, message }` and this status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message?: string,
  ) {
    super(message ?? error);
    this.name = 'HttpError';
  }
}
