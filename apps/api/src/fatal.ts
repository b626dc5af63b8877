import { isWasmFailure } from '@beamstage/sync/node';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The process's failed state (design.md section 4, rule 14): once a wasm module (Automerge,
 * PGlite) died or an error escaped every handler, /api/health answers 503 and the process exits
 * non-zero for its supervisor to restart it; it never limps on answering 500s.
 */
export interface FatalState {
  /** Why the process failed; null while healthy. */
  readonly reason: string | null;
  /** Marks the process failed (first reason wins) and asks it to stop. */
  fail(reason: string, err?: unknown): void;
  /** Marks it failed when `err` shows a dead wasm module; returns whether it did. */
  failIfFatal(err: unknown): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    fatal: FatalState;
  }
}

/** Creates the state; `onFatal` stops the process (server.ts exits with code 1; tests record it). */
export function createFatalState(log: FastifyBaseLogger, onFatal: (reason: string) => void): FatalState {
  let reason: string | null = null;
  const state: FatalState = {
    get reason() {
      return reason;
    },
    fail(why, err) {
      if (reason !== null) return;
      reason = why;
      log.fatal(
        { err: err instanceof Error ? { message: err.message, stack: err.stack } : err, reason: why },
        'Beamstage cannot go on: stopping for the supervisor to restart it',
      );
      onFatal(why);
    },
    failIfFatal(err) {
      if (!isWasmFailure(err)) return false;
      state.fail(`a WebAssembly module failed: ${err instanceof Error ? err.message : String(err)}`, err);
      return true;
    },
  };
  return state;
}
