// The sandbox origin for browser tests of user code: the api's real sandbox listener on a free
// loopback port (127.0.0.1, a different site from the test page's localhost), trusting the given
// studio origin. Used by libs/stage's browser tests through their globalSetup (by path).
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config/index';
import { buildSandboxServer } from '../sandbox/sandbox-server';
import { freePort } from '../../../../tools/testing/free-port';

export interface SandboxOrigin {
  origin: string;
  close(): Promise<void>;
}

/** Starts the sandbox listener for a studio origin such as http://localhost:63315. */
export async function startSandboxOrigin(studioOrigin: string): Promise<SandboxOrigin> {
  const port = await freePort();
  const config = loadConfig({
    PORT: '0',
    SANDBOX_PORT: String(port),
    DATA_DIR: '/tmp/beamstage-sandbox-unused',
    PUBLIC_ORIGIN: studioOrigin,
    SANDBOX_ORIGIN: `http://127.0.0.1:${port}`,
  });
  const app: FastifyInstance = buildSandboxServer(config);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    origin: config.sandboxOrigin,
    // Chromium keeps connections open (a hung HTML layer's frame, keep-alive): close them, or the
    // listener never closes and vitest never exits after the tests have passed.
    close: async () => {
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
    },
  };
}
