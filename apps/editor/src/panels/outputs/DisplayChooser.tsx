import { useState } from 'react';
import type { DisplayChoice, DisplayWindow } from './display-chooser';
import { listDisplays, openProjectorOn } from './display-chooser';

export interface DisplayChooserProps {
  projectId: string;
  /** The browser window (injectable for stories). */
  win?: DisplayWindow;
}

type ChooserState = { kind: 'closed' } | { kind: 'asking' } | { kind: 'list'; displays: DisplayChoice[] } | { kind: 'unavailable'; message: string };

/** "Open projector on display...": lists the machine's displays and opens the projector on one. */
export function DisplayChooser({ projectId, win = window as unknown as DisplayWindow }: DisplayChooserProps) {
  const [state, setState] = useState<ChooserState>({ kind: 'closed' });
  const ask = async () => {
    setState({ kind: 'asking' });
    const list = await listDisplays(win);
    setState(list.ok ? { kind: 'list', displays: list.displays } : { kind: 'unavailable', message: list.message });
  };
  return (
    <div className="outputs__displays" data-testid="display-chooser">
      <div className="outputs__row">
        <button type="button" className="bs-btn bs-btn--secondary bs-btn--sm" disabled={state.kind === 'asking'} onClick={() => void ask()}>
          Open projector on display…
        </button>
        <button type="button" className="bs-btn bs-btn--ghost bs-btn--sm" onClick={() => openProjectorOn(win, projectId, null)}>
          Open projector here
        </button>
      </div>
      {state.kind === 'unavailable' ? (
        <p className="outputs__note" role="status">
          {state.message}
        </p>
      ) : null}
      {state.kind === 'list' ? (
        <ul className="outputs__display-list" aria-label="Displays">
          {state.displays.map((d) => (
            <li key={d.index}>
              <button
                type="button"
                className="bs-btn bs-btn--ghost bs-btn--sm"
                onClick={() => {
                  openProjectorOn(win, projectId, d);
                  setState({ kind: 'closed' });
                }}
              >
                {d.label} · {d.width}×{d.height}
                {d.primary ? ' · main' : ''}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
