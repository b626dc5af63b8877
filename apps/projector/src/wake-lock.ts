interface WakeLockSentinelLike {
  release(): Promise<void>;
}

/** Keeps the screen awake (Screen Wake Lock), re-acquired whenever the page becomes visible again. */
export function keepAwake(): void {
  const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> } }).wakeLock;
  if (!wakeLock) return;
  const acquire = () => {
    if (document.visibilityState === 'visible') wakeLock.request('screen').catch(() => undefined);
  };
  acquire();
  document.addEventListener('visibilitychange', acquire);
}
