import { defineConfig } from 'drizzle-kit';

// One schema and migration set for PGlite, node-postgres and postgres.js.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
