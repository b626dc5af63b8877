import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Paths from import.meta.url: Nx loads this file from the workspace root (stack.md).
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/app/editor/',
  plugins: [
    tanstackRouter({ target: 'react', routesDirectory: here('./src/routes'), generatedRouteTree: here('./src/routeTree.gen.ts'), autoCodeSplitting: true }),
    react(),
  ],
  build: { outDir: here('./dist'), emptyOutDir: true, target: 'es2022' },
  // `vite dev` talks to a running api (npm start on API_PORT, default 3000).
  server: {
    proxy: {
      '/api': `http://localhost:${process.env['API_PORT'] ?? '3000'}`,
      '/sync': { target: `ws://localhost:${process.env['API_PORT'] ?? '3000'}`, ws: true },
    },
  },
});
