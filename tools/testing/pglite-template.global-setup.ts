import { rmSync } from 'node:fs';
import { makePgliteTemplate, PGLITE_TEMPLATE_ENV } from './pglite-template.ts';

/** A suite's vitest global setup: one template cluster per run (pglite-template.ts says why), removed after it. */
export async function setup(): Promise<void> {
  process.env[PGLITE_TEMPLATE_ENV] = await makePgliteTemplate();
}

export function teardown(): void {
  const root = process.env[PGLITE_TEMPLATE_ENV];
  if (root) rmSync(root, { recursive: true, force: true });
}
