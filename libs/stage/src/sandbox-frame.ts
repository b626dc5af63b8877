import type { TimerHandle } from '@beamstage/timeline';
import type { StageClock } from './clock';
import { isFromFrame, parseFrameMessage, runnerUrl, SANDBOX_PROTOCOL_VERSION, type FrameMessage, type RunMessage, type SandboxKind } from './sandbox-protocol';

/** A user-code frame silent for this long is hung (design.md section 4 rule 1). */
export const SANDBOX_HEARTBEAT_TIMEOUT_MS = 3_000;
/** Before its first message a frame gets the load time-out of other layer types. */
export const SANDBOX_READY_TIMEOUT_MS = 8_000;

export interface SandboxFrameOptions {
  sandboxOrigin: string;
  /** This page's origin, the one the runner trusts (location.origin). */
  parentOrigin: string;
  kind: SandboxKind;
  code: string;
  css?: string;
  background?: string;
  frameRate?: number;
  clock: StageClock;
  onReady?: () => void;
  onFrame?: (bitmap: ImageBitmap) => void;
  onError?: (message: string, line: number | null) => void;
  onLog?: (level: string, message: string) => void;
  /** No message for SANDBOX_HEARTBEAT_TIMEOUT_MS: the frame was removed. */
  onHung?: () => void;
}

/**
 * One user-code frame: an iframe of the sandbox origin's runner with sandbox="allow-scripts" only
 * (never allow-same-origin), the protocol's run message once the runner is ready, and a heartbeat
 * watch: silent for 3 s, the frame is removed and reported hung.
 */
export class SandboxFrame {
  readonly iframe: HTMLIFrameElement;
  private lastHeard: number;
  private ready = false;
  private watch: TimerHandle | null = null;
  private disposed = false;
  private readonly onMessage = (event: MessageEvent) => this.receive(event);

  constructor(private readonly options: SandboxFrameOptions) {
    const iframe = document.createElement('iframe');
    iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.setAttribute('referrerpolicy', 'no-referrer');
    iframe.setAttribute('allow', '');
    iframe.setAttribute('loading', 'eager');
    iframe.style.border = '0';
    // Unseen until the runner says it is ready: a sandbox that refuses this page (a host page of the
    // player that the studio does not allow) answers with an error page, which must not show.
    iframe.style.visibility = 'hidden';
    // A p5 frame names its kind, so the sandbox origin sends p5.js with the page (a preload); the
    // other kinds need nothing ahead of their code and keep the plain address.
    iframe.src = runnerUrl(options.sandboxOrigin, options.parentOrigin, options.kind === 'p5' ? 'p5' : undefined);
    this.iframe = iframe;
    this.lastHeard = options.clock.now();
    window.addEventListener('message', this.onMessage);
    this.scheduleWatch(SANDBOX_READY_TIMEOUT_MS);
  }

  get isReady(): boolean {
    return this.ready;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    window.removeEventListener('message', this.onMessage);
    if (this.watch !== null) this.options.clock.clearTimeout(this.watch);
    this.iframe.remove();
    // Navigating away stops its scripts even if a caller still holds the element.
    this.iframe.src = 'about:blank';
  }

  private scheduleWatch(ms: number): void {
    const { clock } = this.options;
    if (this.watch !== null) clock.clearTimeout(this.watch);
    this.watch = clock.setTimeout(() => {
      this.watch = null;
      if (this.disposed) return;
      const silent = clock.now() - this.lastHeard;
      const limit = this.ready ? SANDBOX_HEARTBEAT_TIMEOUT_MS : SANDBOX_READY_TIMEOUT_MS;
      if (silent >= limit) {
        this.dispose();
        this.options.onHung?.();
      } else {
        this.scheduleWatch(limit - silent);
      }
    }, ms);
  }

  private receive(event: MessageEvent): void {
    if (this.disposed || !isFromFrame(event, this.iframe.contentWindow)) return;
    const msg: FrameMessage | null = parseFrameMessage(event.data);
    if (!msg) return;
    this.lastHeard = this.options.clock.now();
    switch (msg.type) {
      case 'beamstage:ready': {
        if (this.ready) return;
        this.ready = true;
        this.iframe.style.visibility = '';
        this.scheduleWatch(SANDBOX_HEARTBEAT_TIMEOUT_MS);
        const { kind, code, css, background, frameRate } = this.options;
        const run: RunMessage = {
          type: 'beamstage:run',
          v: SANDBOX_PROTOCOL_VERSION,
          kind,
          code,
          ...(css !== undefined ? { css } : {}),
          ...(background !== undefined ? { background } : {}),
          ...(frameRate !== undefined ? { frameRate } : {}),
        };
        // The frame's origin is opaque, so no target origin can name it: '*' is the only way to
        // reach it, and the runner checks that the message came from its parent and our origin.
        this.iframe.contentWindow?.postMessage(run, '*');
        this.options.onReady?.();
        return;
      }
      case 'beamstage:frame':
        if (this.options.onFrame) this.options.onFrame(msg.bitmap);
        else msg.bitmap.close();
        return;
      case 'beamstage:error':
        this.options.onError?.(msg.message, msg.line);
        return;
      case 'beamstage:log':
        this.options.onLog?.(msg.level, msg.message);
        return;
      case 'beamstage:heartbeat':
        return;
    }
  }
}
