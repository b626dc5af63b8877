import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

/** Default body limit; routes that take project JSON raise it (PROJECT_BODY_LIMIT_BYTES). */
export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;

/** What a server fault says: never a stack trace or an internal message. */
export const SERVER_FAULT = 'Something went wrong on the server';

/** The body of every failed /api call: the human sentence in `error` (shown first by clients), detail in `message`. */
export interface ErrorBody {
  readonly error: string;
  readonly message: string;
}

/** The 413 message naming the route's body limit. */
function bodyTooLarge(limit: number | undefined): string {
  const bytes = limit ?? DEFAULT_BODY_LIMIT_BYTES;
  const mb = bytes / (1024 * 1024);
  return `A request body may be at most ${mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`}`;
}

/** The status a thrown value answers with: its own 4xx/5xx, else 500. */
export function statusOf(err: { statusCode?: unknown }): number {
  const status = err.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/**
 * The body for a thrown value. ApiError says what it means; Fastify's own errors (schema
 * validation, parser limits), the auth check's and plugins' errors carry their sentence in
 * `message`, which becomes `error` too. Server faults (5xx that are not ApiError) say only
 * SERVER_FAULT.
 */
export function errorBody(err: FastifyError | ApiError, status: number, bodyLimit: number | undefined): ErrorBody {
  if (err instanceof ApiError) return { error: err.error, message: err.message };
  if (status >= 500) return { error: SERVER_FAULT, message: SERVER_FAULT };
  const text = (err as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? bodyTooLarge(bodyLimit) : err.message || 'API Error';
  return { error: text, message: text };
}

/** What app.ts hands Fastify's setErrorHandler: logs faults, reports fatal ones, answers `{ error, message }`. */
export function createErrorHandler(onFault: (err: unknown) => void) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = statusOf(err);
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      onFault(err);
    }
    return reply.code(status).send(errorBody(err, status, request.routeOptions.bodyLimit));
  };
}
