import type { PlayerMessage } from './messages';

const STYLE = `
:host { display: block; position: relative; width: 100%; aspect-ratio: var(--beamstage-aspect, 16 / 9); background: #000; overflow: hidden; contain: content; color: #f5f5f5; font: 14px/1.4 system-ui, sans-serif; }
:host([hidden]) { display: none; }
.box { position: absolute; inset: 0; }
canvas { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: contain; display: block; }
.message { position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 6px; padding: 16px; text-align: center; background: #111; }
.message[hidden], .control[hidden] { display: none; }
.message strong { font-size: 1.15em; }
.message span { opacity: 0.8; max-width: 36em; }
.control { position: absolute; left: 10px; bottom: 10px; min-width: 36px; height: 36px; border: 0; border-radius: 18px; padding: 0 12px; background: rgba(0, 0, 0, 0.6); color: #fff; font: inherit; cursor: pointer; }
.control:focus-visible { outline: 2px solid #7c5cff; outline-offset: 2px; }
`;

/** The element's own DOM: canvas, message box and the play/pause control, styled in its shadow root. */
export interface PlayerShadow {
  canvas: HTMLCanvasElement;
  /** A fresh canvas (a new WebGL context) for the next project. */
  replaceCanvas(): HTMLCanvasElement;
  showMessage(message: PlayerMessage): void;
  hideMessage(): void;
  /** The control shows when `visible`; its label says what a click does. */
  setControl(visible: boolean, playing: boolean): void;
  onControl(handler: () => void): void;
}

export function createPlayerShadow(host: HTMLElement): PlayerShadow {
  const root = host.attachShadow({ mode: 'open' });
  // A constructed sheet, not a <style> element: a host page whose CSP has no style-src
  // 'unsafe-inline' still styles the player (constructed sheets are not inline style).
  let style: HTMLStyleElement | null = null;
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
    root.adoptedStyleSheets = [sheet];
  } else {
    style = document.createElement('style');
    style.textContent = STYLE;
  }
  const box = document.createElement('div');
  box.className = 'box';
  box.setAttribute('part', 'box');
  let canvas = document.createElement('canvas');
  canvas.setAttribute('part', 'canvas');
  const message = document.createElement('div');
  message.className = 'message';
  message.setAttribute('part', 'message');
  message.setAttribute('role', 'status');
  message.hidden = true;
  const title = document.createElement('strong');
  const text = document.createElement('span');
  message.append(title, text);
  const control = document.createElement('button');
  control.type = 'button';
  control.className = 'control';
  control.setAttribute('part', 'control');
  control.hidden = true;
  box.append(canvas, message, control);
  if (style) root.append(style);
  root.append(box);
  let handler: () => void = () => undefined;
  control.addEventListener('click', () => handler());

  return {
    get canvas() {
      return canvas;
    },
    replaceCanvas() {
      const next = document.createElement('canvas');
      next.setAttribute('part', 'canvas');
      canvas.replaceWith(next);
      canvas = next;
      return next;
    },
    showMessage(m) {
      title.textContent = m.title;
      text.textContent = m.text;
      message.hidden = false;
      control.hidden = true;
    },
    hideMessage() {
      message.hidden = true;
    },
    setControl(visible, playing) {
      control.hidden = !visible || !message.hidden;
      control.textContent = playing ? '❚❚' : '▶';
      control.setAttribute('aria-label', playing ? 'Pause' : 'Play');
      control.title = playing ? 'Pause' : 'Play';
    },
    onControl(h) {
      handler = h;
    },
  };
}
