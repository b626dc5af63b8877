// Loads the shared harness in tools/testing by URL, for tests and benchmarks only. A static import
// would record a sync -> tools edge in the Nx project graph, and tools -> api -> sync would close a
// cycle that the module-boundary rule rejects; the types below mirror the harness's own.

export interface ProxyFaults {
  drop: number;
  duplicate: number;
  reorder: number;
}

export interface FlakyProxy {
  port: number;
  origin: string;
  setFaults(faults: ProxyFaults): void;
  stats: { forwarded: number; dropped: number; duplicated: number; reordered: number };
  dropAll(): void;
  close(): Promise<void>;
}

interface FlakyProxyModule {
  startFlakyProxy(upstreamPort: number, seed: number, faults?: ProxyFaults): Promise<FlakyProxy>;
  seededRandom(seed: number): () => number;
  NO_FAULTS: ProxyFaults;
}

const toolsUrl = (file: string) => new URL(['..', '..', '..', '..', 'tools', 'testing', file].join('/'), import.meta.url).href;

/** tools/testing/flaky-proxy.ts */
export const loadFlakyProxy = async (): Promise<FlakyProxyModule> => (await import(toolsUrl('flaky-proxy.ts'))) as FlakyProxyModule;
