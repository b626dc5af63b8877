import { freePort } from '../testing/free-port.ts';
import { startServer } from './testing/server.ts';

/** Starts one studio for the whole run; tests read its address and demo account from the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // One host page origin the studio's sandbox accepts as a parent (SANDBOX_PARENT_ORIGINS), so the
  // embed journey can show a player running user code on a page the studio allows, beside one it does not.
  const embedHost = `http://127.0.0.1:${await freePort()}`;
  process.env['BEAMSTAGE_EMBED_HOST_ORIGIN'] = embedHost;
  const server = await startServer({ env: { SANDBOX_PARENT_ORIGINS: embedHost } });
  process.env['BEAMSTAGE_URL'] = server.url;
  process.env['BEAMSTAGE_DEMO_EMAIL'] = server.demoEmail;
  process.env['BEAMSTAGE_DEMO_PASSWORD'] = server.demoPassword;
  return async () => {
    await server.stop();
  };
}
