// Entry of the embedded database's worker thread: the api runs TypeScript through tsx, which a
// worker thread does not inherit under every runner (vitest's forks), so it registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
