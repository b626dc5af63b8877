// The search panel's state machine, kept free of React and timers so it is tested headless: typing
// waits for a pause (debounce), only the latest query's answer is shown, failures say why.
import { gifErrorText, GIF_QUERY_MAX_CHARS, isNotConfigured } from './gif-api';
import type { GifResult, GifSearchAnswer } from './gif-api';

export type GifSearchStatus = 'idle' | 'waiting' | 'loading' | 'results' | 'empty' | 'error' | 'not-configured';

export interface GifSearchView {
  readonly query: string;
  readonly status: GifSearchStatus;
  readonly results: readonly GifResult[];
  readonly attribution: string;
  /** The failure's text (status error or not-configured). */
  readonly error: string | null;
}

export interface GifSearchDeps {
  search(query: string): Promise<GifSearchAnswer>;
  /** Injected so tests drive time (window.setTimeout in the browser). */
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  onChange(view: GifSearchView): void;
  debounceMs?: number;
}

/** How long typing must pause before a search is sent (the api allows 60 a minute). */
export const GIF_SEARCH_DEBOUNCE_MS = 350;

export const INITIAL_GIF_SEARCH: GifSearchView = { query: '', status: 'idle', results: [], attribution: '', error: null };

export interface GifSearch {
  view(): GifSearchView;
  /** The box changed: a search follows after the pause; an empty box clears the results. */
  type(query: string): void;
  /** Enter: search now. */
  submit(): void;
  /** The panel closed: pending timers stop and late answers are ignored. */
  dispose(): void;
}

export function createGifSearch(deps: GifSearchDeps): GifSearch {
  const debounceMs = deps.debounceMs ?? GIF_SEARCH_DEBOUNCE_MS;
  let view: GifSearchView = INITIAL_GIF_SEARCH;
  let timer: unknown = null;
  // Each search gets a number; an answer for anything but the latest is dropped.
  let sequence = 0;
  let disposed = false;

  const set = (next: Partial<GifSearchView>) => {
    if (disposed) return;
    view = { ...view, ...next };
    deps.onChange(view);
  };
  const cancelTimer = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  };
  const run = () => {
    cancelTimer();
    const query = view.query.trim();
    if (!query || disposed) return;
    const mine = ++sequence;
    set({ status: 'loading', error: null });
    deps.search(query).then(
      (answer) => {
        if (mine !== sequence) return;
        set({ status: answer.results.length ? 'results' : 'empty', results: answer.results, attribution: answer.attribution, error: null });
      },
      (error: unknown) => {
        if (mine !== sequence) return;
        set({ status: isNotConfigured(error) ? 'not-configured' : 'error', results: [], error: gifErrorText(error) });
      },
    );
  };

  return {
    view: () => view,
    type(raw) {
      const query = raw.slice(0, GIF_QUERY_MAX_CHARS);
      cancelTimer();
      if (!query.trim()) {
        sequence += 1;
        set({ query, status: 'idle', results: [], error: null });
        return;
      }
      set({ query, status: view.status === 'not-configured' ? 'not-configured' : 'waiting' });
      timer = deps.setTimer(run, debounceMs);
    },
    submit: run,
    dispose() {
      cancelTimer();
      disposed = true;
    },
  };
}
