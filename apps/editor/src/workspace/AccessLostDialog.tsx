import { LinkButton } from '@beamstage/ui';
import { useState } from 'react';
import '../shell/dialog.css';
import { ACCESS_LOST_TEXT, ACCESS_LOST_TITLE, ACCESS_LOST_UNSENT } from '../live/access-lost';
import type { AccessLost } from '../live/access-lost';
import './access-lost.css';

export interface AccessLostDialogProps {
  reason: AccessLost;
  /** This browser held edits the server had not stored when access ended. */
  unsent: boolean;
  /** "Stay on this page": the notice goes and the page stays, read-only. */
  onStay: () => void;
}

/**
 * Told once when access to the open project ends (removed, or the project deleted): what happened,
 * and the way back to the dashboard. The page behind stays to look at, read-only.
 */
export function AccessLostDialog({ reason, unsent, onStay }: AccessLostDialogProps) {
  return (
    <div className="overlay-backdrop">
      <section
        className="bs-dialog access-lost"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="access-lost-title"
        aria-describedby="access-lost-text"
        data-testid="access-lost"
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          onStay();
        }}
      >
        <header className="bs-dialog__head">
          <h2 id="access-lost-title">{ACCESS_LOST_TITLE[reason]}</h2>
        </header>
        <div className="access-lost__body">
          <p id="access-lost-text">
            {ACCESS_LOST_TEXT[reason]}
            {unsent ? ` ${ACCESS_LOST_UNSENT}` : ''}
          </p>
          <div className="access-lost__actions">
            <button type="button" className="bs-btn bs-btn--ghost" onClick={onStay}>
              Stay on this page
            </button>
            <LinkButton variant="primary" href="/dashboard" autoFocus>
              Back to your projects
            </LinkButton>
          </div>
        </div>
      </section>
    </div>
  );
}

/** The notice where the editor is: shown when access ends, until the user goes or chooses to stay (told once). */
export function AccessLostNotice({ lost }: { lost: { readonly reason: AccessLost; readonly unsent: boolean } | null }) {
  const [stayed, setStayed] = useState(false);
  if (!lost || stayed) return null;
  return <AccessLostDialog reason={lost.reason} unsent={lost.unsent} onStay={() => setStayed(true)} />;
}
