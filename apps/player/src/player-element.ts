import type { Rgba } from '@beamstage/stage';
import { loadPublicProject, PlayerLoadError } from './load-public';
import { messageForLoadError, NO_PROJECT, NO_WEBGL, UNPUBLISHED, type PlayerMessage } from './messages';
import { createPlayerSession, type PlayerSession } from './player-session';
import { createPlayerShadow, type PlayerShadow } from './player-shadow';
import { loadSandboxOrigin } from './sandbox-origin';

/** Spec section 8's validation text for a missing id. */
export const MISSING_PROJECT_ID = 'Missing project ID';

/** Where the player is: loading, playing a show (ready), or showing a message (error). */
export type PlayerState = 'idle' | 'loading' | 'ready' | 'error';

export interface PlayerReadyDetail {
  projectId: string;
  name: string;
  width: number;
  height: number;
  /** Whether it follows live edits (published with realtime on). */
  live: boolean;
}

export interface PlayerErrorDetail {
  /** The spec's text: "Failed to fetch public project", "Invalid response format", or the server's error. */
  message: string;
  /** The HTTP status, 0 when the server could not be reached. */
  status: number;
}

/**
 * `<beamstage-player project="ID" autoplay muted loop controls>`: plays a published project from the
 * studio that served this script, in any page. Events: `ready` (PlayerReadyDetail) and `error`
 * (PlayerErrorDetail). Every failure is a message inside the element; nothing is thrown at the page.
 */
export function definePlayerElement(studioOrigin: string): typeof HTMLElement {
  return class BeamstagePlayer extends HTMLElement {
    static observedAttributes = ['project', 'loop', 'controls', 'muted'];
    #shadow: PlayerShadow = createPlayerShadow(this);
    #session: PlayerSession | null = null;
    #generation = 0;
    #state: PlayerState = 'idle';
    #live = 'off';
    #liveDraws = 0;
    /** Set between connectedCallback and disconnectedCallback: an upgrade reports every attribute first. */
    #attached = false;

    constructor() {
      super();
      this.#shadow.onControl(() => (this.playing ? this.pause() : this.play()));
    }

    connectedCallback(): void {
      this.#attached = true;
      void this.#start();
    }

    disconnectedCallback(): void {
      this.#attached = false;
      this.#generation++; // a load still in flight must not start a session on a detached element
      this.#stop();
    }

    attributeChangedCallback(name: string, before: string | null, after: string | null): void {
      if (before === after) return;
      if (name === 'project' && this.#attached) void this.#start();
      else if (name === 'loop') this.#session?.setLoop(after !== null);
      else if (name === 'controls') this.#syncControl();
      else if (name === 'muted') this.#session?.redraw();
    }

    /** The published project's id (the `project` attribute). */
    get project(): string {
      return this.getAttribute('project') ?? '';
    }
    set project(id: string) {
      this.setAttribute('project', id);
    }
    /** Sound of video layers stays off while set (the attribute; reflected). */
    get muted(): boolean {
      return this.hasAttribute('muted');
    }
    set muted(on: boolean) {
      this.toggleAttribute('muted', on);
    }
    get state(): PlayerState {
      return this.#state;
    }
    /** Live edits: off, connecting, connected, disconnected or error. */
    get liveStatus(): string {
      return this.#live;
    }
    /** Projects drawn from the live document so far. */
    get liveDraws(): number {
      return this.#liveDraws;
    }
    get playing(): boolean {
      return this.#session?.playing ?? false;
    }
    /** The timeline position in milliseconds. */
    get currentTime(): number {
      return this.#session?.currentTime ?? 0;
    }
    play(): void {
      this.#session?.play();
      this.#syncControl();
    }
    pause(): void {
      this.#session?.pause();
      this.#syncControl();
    }
    /** RGBA at project canvas coordinates (origin top-left), for tools and tests; empty before ready. */
    async readPixels(points: readonly { x: number; y: number }[]): Promise<Rgba[]> {
      return this.#session ? this.#session.readPixels(points) : [];
    }

    async #start(): Promise<void> {
      this.#stop();
      const generation = ++this.#generation;
      const projectId = this.project.trim();
      if (!projectId) return this.#fail(NO_PROJECT, { message: MISSING_PROJECT_ID, status: 0 });
      this.#state = 'loading';
      this.#shadow.hideMessage();
      // Asked beside the project, so a show with user-code layers waits for no second round trip.
      const sandboxOrigin = loadSandboxOrigin(studioOrigin, location.origin);
      let project;
      try {
        project = await loadPublicProject(studioOrigin, projectId);
      } catch (error) {
        if (generation !== this.#generation) return;
        const status = error instanceof PlayerLoadError ? error.status : 0;
        return this.#fail(messageForLoadError(error), { message: error instanceof Error ? error.message : String(error), status });
      }
      const sandbox = await sandboxOrigin;
      if (generation !== this.#generation || !this.isConnected) return;
      const { width, height } = project.canvas;
      this.style.setProperty('--beamstage-aspect', `${width} / ${height}`);
      try {
        this.#session = createPlayerSession({
          canvas: this.#shadow.replaceCanvas(),
          studioOrigin,
          sandboxOrigin: sandbox,
          projectId,
          project,
          loop: this.hasAttribute('loop'),
          onLiveState: (status, draws) => {
            this.#live = status;
            this.#liveDraws = draws;
          },
          onGone: (error) => {
            if (generation !== this.#generation) return;
            this.#stop();
            this.#fail(error.status === 404 ? UNPUBLISHED : messageForLoadError(error), { message: error.message, status: error.status });
          },
          onPlayingChange: () => this.#syncControl(),
          muted: () => this.hasAttribute('muted'),
        });
      } catch (error) {
        return this.#fail(NO_WEBGL, { message: error instanceof Error ? error.message : String(error), status: 0 });
      }
      this.#state = 'ready';
      if (this.hasAttribute('autoplay')) this.#session.play();
      this.#syncControl();
      const detail: PlayerReadyDetail = { projectId, name: project.metadata.name, width, height, live: project.metadata.syncEnabled === true };
      this.dispatchEvent(new CustomEvent('ready', { detail }));
    }

    #stop(): void {
      this.#session?.dispose();
      this.#session = null;
      this.#live = 'off';
    }

    // Like <img> and <video>, the events do not bubble: an `error` reaching window would look like a
    // script error to the host page's error tracking.
    #fail(message: PlayerMessage, detail: PlayerErrorDetail): void {
      this.#state = 'error';
      this.#shadow.showMessage(message);
      this.dispatchEvent(new CustomEvent('error', { detail }));
    }

    #syncControl(): void {
      this.#shadow.setControl(this.hasAttribute('controls') && this.#session !== null, this.playing);
    }
  };
}
