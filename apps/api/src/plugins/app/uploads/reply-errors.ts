import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ProjectLimitError } from '../quota/quota';
import { HttpError } from './errors';

/**
 * Error handler for the commerce routes: our own errors keep their specific `error` text (the
 * spec's "Billing is not configured" etc.); anything else is answered like the app's handler,
 * `{ error, message }` with no stack trace.
 */
export function useCommerceErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ error: err.error, message: err.message });
    if (err instanceof ProjectLimitError) return reply.code(403).send({ error: 'Project limit reached', message: err.message });
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err }, 'request failed');
    return reply.code(status).send({ error: STATUS_CODES[status] ?? 'Error', message: status >= 500 ? 'Something went wrong on the server' : err.message });
  });
}
