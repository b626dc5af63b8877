/** One line of the operator overlay. */
export interface OperatorLine {
  name: string;
  value: string;
}

/** The overlay's text (pure, for the test): one `name: value` per line. */
export function operatorText(lines: OperatorLine[]): string {
  const width = Math.max(...lines.map((l) => l.name.length));
  return lines.map((l) => `${l.name.padEnd(width)}  ${l.value}`).join('\n');
}

/**
 * The operator's overlay: hidden by default, H shows or hides it (the wall shows nothing else).
 * While shown it is refreshed twice a second from `read`.
 */
export function installOperatorOverlay(root: HTMLElement, read: () => OperatorLine[]) {
  const box = document.createElement('div');
  box.className = 'operator-overlay';
  box.dataset['testid'] = 'operator-overlay';
  root.appendChild(box);
  let timer: ReturnType<typeof setInterval> | null = null;
  const refresh = () => (box.textContent = operatorText(read()));
  const toggle = () => {
    const visible = box.classList.toggle('visible');
    if (timer) clearInterval(timer);
    timer = null;
    if (visible) {
      refresh();
      timer = setInterval(refresh, 500);
    }
  };
  document.addEventListener('keydown', (event) => {
    if ((event.key === 'h' || event.key === 'H') && !event.ctrlKey && !event.metaKey && !event.altKey) toggle();
  });
  return { toggle, refresh };
}

/**
 * Fullscreen asked for in the address (`?fullscreen`): tried at once; when the browser wants a user
 * gesture first, a black "click to start" covers the wall until the operator clicks.
 */
export function startFullscreenIfAsked(search: string): void {
  if (!new URLSearchParams(search).has('fullscreen') || document.fullscreenElement) return;
  const request = () => document.documentElement.requestFullscreen?.() ?? Promise.reject(new Error('no fullscreen'));
  request().catch(() => {
    const button = document.createElement('button');
    button.className = 'click-to-start';
    button.textContent = 'Click to start the projector';
    button.addEventListener('click', () => {
      button.remove();
      void request().catch(() => undefined);
    });
    document.body.appendChild(button);
  });
}
