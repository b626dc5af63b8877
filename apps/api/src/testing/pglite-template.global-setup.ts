import { rmSync } from 'node:fs';
import { makePgliteTemplate, PGLITE_TEMPLATE_ENV } from './pglite-template';

/** The api suite's global setup: one template cluster per run (pglite-template.ts says why), removed after it. */
export async function setup(): Promise<void> {
  process.env[PGLITE_TEMPLATE_ENV] = await makePgliteTemplate();
}

export function teardown(): void {
  const dir = process.env[PGLITE_TEMPLATE_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
