import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Paths from import.meta.url: Nx loads this file from the workspace root (stack.md).
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/app/projector/',
  build: { outDir: here('./dist'), emptyOutDir: true, target: 'es2022' },
  server: { proxy: { '/api': `http://localhost:${process.env['API_PORT'] ?? '3000'}` } },
});
