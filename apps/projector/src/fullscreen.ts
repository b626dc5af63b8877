/** A double-click or the F key toggles fullscreen (browsers only allow it after a user gesture). */
export function installFullscreenToggle(): void {
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  document.addEventListener('dblclick', toggle);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'f' || event.key === 'F') toggle();
  });
}
