import { FILE_OPERATION_BUSY } from '../schema/errors';

/** Thrown when a file operation starts while another runs (spec section 4: one at a time). */
export class FileOperationBusyError extends Error {
  override readonly name = 'FileOperationBusyError';
  constructor() {
    super(FILE_OPERATION_BUSY);
  }
}

export interface FileOperationGate {
  /** Runs the operation, or rejects with FileOperationBusyError when one is already running. */
  run<T>(operation: () => Promise<T>): Promise<T>;
  busy(): boolean;
}

/** One gate per editor: import and export share it. */
export function createFileOperationGate(): FileOperationGate {
  let running = false;
  return {
    async run(operation) {
      if (running) throw new FileOperationBusyError();
      running = true;
      try {
        return await operation();
      } finally {
        running = false;
      }
    },
    busy: () => running,
  };
}
