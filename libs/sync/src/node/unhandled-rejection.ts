import { isWasmFailure } from './wasm-failure';

/** The logger shape the sync server needs (pino and console both fit). */
export interface SyncLogger {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  info?(obj: unknown, msg?: string): void;
}

let installed: ((reason: unknown) => void) | null = null;

/**
 * Logs unhandled rejections instead of letting them kill the process: automerge-repo can reject a
 * 60 s find timeout after a client left mid-sync, with no one awaiting it (stack.md gotchas).
 * A dead wasm module's rejection goes to onFatal instead. Idempotent; returns the uninstall function.
 */
export function installUnhandledRejectionLogger(logger: SyncLogger, onFatal?: (err: unknown) => void): () => void {
  if (installed) process.off('unhandledRejection', installed);
  const listener = (reason: unknown) => {
    // A dead wasm module (Automerge, PGlite) is not a stray timeout: the process must stop.
    if (onFatal && isWasmFailure(reason)) {
      logger.error({ err: reason instanceof Error ? { message: reason.message, stack: reason.stack } : reason }, 'Unhandled rejection from a dead wasm module');
      onFatal(reason);
      return;
    }
    logger.error(
      { err: reason instanceof Error ? { message: reason.message, stack: reason.stack } : reason },
      'Unhandled promise rejection (sync server kept running)',
    );
  };
  installed = listener;
  process.on('unhandledRejection', listener);
  return () => {
    process.off('unhandledRejection', listener);
    if (installed === listener) installed = null;
  };
}
