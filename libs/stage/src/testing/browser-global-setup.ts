// Starts the api's sandbox listener for the browser tests and hands its origin to them.
import type { TestProject } from 'vitest/node';
import { startSandboxOrigin } from '../../../../apps/api/src/testing/sandbox-origin';

export default async function setup(project: TestProject) {
  const studio = process.env['BEAMSTAGE_TEST_STUDIO_ORIGIN'];
  if (!studio) throw new Error('BEAMSTAGE_TEST_STUDIO_ORIGIN is not set (vitest.browser.config.ts sets it)');
  const sandbox = await startSandboxOrigin(studio);
  project.provide('sandboxOrigin', sandbox.origin);
  return () => sandbox.close();
}
