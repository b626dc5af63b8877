// Imported before server.ts by fault-exit.test.ts (`node --import tsx --import this server.ts`):
// on SIGUSR2 it raises the fault BEAMSTAGE_TEST_FAULT names, as a dead wasm module or a bug would.
/** A trap as WebAssembly raises it (WebAssembly is not in this project's type libs). */
const wasmTrap = (): Error =>
  new (globalThis as unknown as { WebAssembly: { RuntimeError: new (m: string) => Error } }).WebAssembly.RuntimeError('unreachable');

process.on('SIGUSR2', () => {
  if (process.env.BEAMSTAGE_TEST_FAULT === 'wasm') {
    void Promise.reject(wasmTrap());
    return;
  }
  setImmediate(() => {
    throw new Error('an error nothing caught (test fault)');
  });
});
