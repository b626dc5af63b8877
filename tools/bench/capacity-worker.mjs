// Worker-thread entry for ./capacity-worker.ts: Node 20 workers do not take `--import tsx`, so
// the TypeScript module is loaded through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./capacity-worker.ts', import.meta.url);
