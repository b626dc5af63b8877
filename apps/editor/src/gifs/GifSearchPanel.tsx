import { useEffect, useRef } from 'react';
import type { GifResult } from './gif-api';
import type { GifSearchView } from './gif-search-state';
import './gifs.css';

export interface GifSearchPanelProps {
  view: GifSearchView;
  /** 'Add a GIF layer' or 'Change the GIF'. */
  title: string;
  onQuery(query: string): void;
  onSubmit(): void;
  onPick(result: GifResult): void;
  /** "Use an address instead": the Add dialog's GIF address field (absent when changing a layer). */
  onUseAddress?: () => void;
  onClose(): void;
}

function statusText(view: GifSearchView): string {
  switch (view.status) {
    case 'idle':
      return 'Type what the GIF should show.';
    case 'waiting':
    case 'loading':
      return 'Searching…';
    case 'empty':
      return `No GIFs found for "${view.query.trim()}".`;
    case 'results':
      return `${view.results.length} GIF${view.results.length === 1 ? '' : 's'}: pick one.`;
    case 'error':
    case 'not-configured':
      return view.error ?? 'GIF search failed';
  }
}

/** The animated-image search (spec section 4): a box, a grid of animated previews, the provider's attribution. */
export function GifSearchPanel({ view, title, onQuery, onSubmit, onPick, onUseAddress, onClose }: GifSearchPanelProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const failed = view.status === 'error' || view.status === 'not-configured';
  return (
    <div className="overlay-backdrop gif-backdrop" onPointerDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="bs-dialog gif-search"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid="gif-search"
        data-status={view.status}
        onKeyDown={(e) => {
          // A modal: the editor's shortcuts must not act on the layers behind it.
          e.stopPropagation();
          if (e.key === 'Escape') onClose();
        }}
      >
        <div className="bs-dialog__head">
          <h2>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <form
          className="gif-search__box"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <input
            ref={input}
            type="search"
            aria-label="Search GIFs"
            placeholder="Search GIFs: neon, fire, rain…"
            value={view.query}
            maxLength={100}
            onChange={(e) => onQuery(e.target.value)}
          />
        </form>
        <p className={`gif-search__status${failed ? ' gif-search__status--error' : ''}`} role={failed ? 'alert' : 'status'} data-testid="gif-search-status">
          {statusText(view)}
        </p>
        {view.results.length > 0 ? (
          <ul className="gif-search__grid" aria-label="GIF results">
            {view.results.map((r) => (
              <li key={r.id} className="gif-search__item">
                <button type="button" title={r.title || 'GIF'} aria-label={`Use ${r.title || 'this GIF'}`} onClick={() => onPick(r)}>
                  {/* The preview is an <img>: an animated picture, never code. */}
                  <img src={r.previewUrl} alt={r.title} loading="lazy" referrerPolicy="no-referrer" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="gif-search__foot">
          {view.results.length > 0 ? (
            <span className="gif-search__attribution" data-testid="gif-attribution">
              {view.attribution}
            </span>
          ) : (
            <span />
          )}
          {onUseAddress ? (
            <button type="button" className="bs-btn bs-btn--ghost bs-btn--sm" onClick={onUseAddress}>
              Use a GIF address instead
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
