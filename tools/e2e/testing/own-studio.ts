import { test } from '@playwright/test';
import { startServer, type StartedServer } from './server.ts';

/** A describe's own studio: its server, and stop / start-again for journeys about an outage. */
export interface OwnStudio {
  readonly server: StartedServer;
  stop(): Promise<void>;
  /** The same studio started again after a stop (same ports, data and settings). */
  startAgain(): Promise<StartedServer>;
}

/**
 * Gives the calling describe a studio of its own (settings of its own, such as a fake provider's
 * address, or one its journey stops): started before its tests, the shared steps (signUpFresh,
 * openProjector, at) pointed at it through BEAMSTAGE_URL, and the shared studio's address put back
 * after. Call it after the describe's own beforeAll that starts what `env` names (hooks run in the
 * order they are declared).
 */
export function useOwnStudio(env?: () => Readonly<Record<string, string>>): OwnStudio {
  let server: StartedServer | null = null;
  let settings: Readonly<Record<string, string>> = {};
  let sharedUrl: string | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    settings = env?.() ?? {};
    server = await startServer({ env: settings });
    sharedUrl = process.env['BEAMSTAGE_URL'];
    process.env['BEAMSTAGE_URL'] = server.url;
  });
  test.afterAll(async () => {
    if (sharedUrl !== undefined) process.env['BEAMSTAGE_URL'] = sharedUrl;
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('The studio starts in beforeAll, before the tests');
      return server;
    },
    stop: async () => server?.stop(),
    async startAgain() {
      server = await startServer({ env: settings, again: this.server });
      return server;
    },
  };
}
