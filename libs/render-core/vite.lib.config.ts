import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The library build of the installable package (npm run build): one ESM file with its source map,
// twgl.js left as an import (the package's only dependency). Paths from import.meta.url because Nx
// may load this file from the workspace root (stack.md). Not minified: a consumer's bundler
// minifies, and readable code in node_modules helps the developer debugging against it.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  logLevel: 'warn',
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    minify: false,
    lib: { entry: here('./src/index.ts'), formats: ['es'], fileName: () => 'index.js' },
    rollupOptions: { external: ['twgl.js'] },
  },
});
