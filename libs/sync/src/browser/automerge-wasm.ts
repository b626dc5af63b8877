import { initializeWasm, isWasmInitialized } from '@automerge/automerge/slim';
import wasmUrl from '@automerge/automerge/automerge.wasm?url';

let loading: Promise<void> | null = null;

/**
 * Loads Automerge's wasm once, from its own URL (fetched lazily, compiled streaming; never a base64
 * string inside the JS bundle). Call before creating a Repo; safe to call many times.
 */
export function loadAutomerge(url: string = wasmUrl): Promise<void> {
  if (isWasmInitialized()) return Promise.resolve();
  loading ??= initializeWasm(url).catch((err: unknown) => {
    loading = null; // allow a retry after a failed fetch
    throw err;
  });
  return loading;
}

/** The emitted wasm asset's URL (for preloading after the first frame). */
export const AUTOMERGE_WASM_URL: string = wasmUrl;
