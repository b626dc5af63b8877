import { startServer } from './testing/server.ts';

/** Starts one studio for the whole run; tests read its address and demo account from the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env['BEAMSTAGE_URL'] = server.url;
  process.env['BEAMSTAGE_DEMO_EMAIL'] = server.demoEmail;
  process.env['BEAMSTAGE_DEMO_PASSWORD'] = server.demoPassword;
  return async () => {
    await server.stop();
  };
}
