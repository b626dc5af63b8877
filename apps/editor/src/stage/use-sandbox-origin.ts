import { useEffect, useState } from 'react';
import { knownRuntimeConfig, runtimeConfigOnce } from '../api/runtime-config';

/**
 * The sandbox origin where HTML and p5 layers run (GET /api/config), or null while unknown: the
 * stage then reports those layers as refused instead of running user code anywhere else.
 */
export function useSandboxOrigin(): string | null {
  // Known already when the editor opens again in the page: its HTML layers run from the first frame.
  const [origin, setOrigin] = useState<string | null>(() => knownRuntimeConfig()?.sandboxOrigin || null);
  useEffect(() => {
    let live = true;
    runtimeConfigOnce().then(
      (config) => live && setOrigin(config.sandboxOrigin || null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return origin;
}
