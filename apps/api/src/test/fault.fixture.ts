// Imported before server.ts by fault-exit.test.ts (`node --import tsx --import this server.ts`):
// on SIGUSR2 it raises the fault BEAMSTAGE_TEST_FAULT names, as a dead wasm module or a bug would.
process.on('SIGUSR2', () => {
  if (process.env.BEAMSTAGE_TEST_FAULT === 'wasm') {
    void Promise.reject(new WebAssembly.RuntimeError('unreachable'));
    return;
  }
  setImmediate(() => {
    throw new Error('an error nothing caught (test fault)');
  });
});
