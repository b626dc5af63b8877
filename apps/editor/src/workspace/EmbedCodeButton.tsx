import { Button } from '@beamstage/ui';
import { useEffect, useRef, useState } from 'react';
import { embedSnippet } from './embed-snippet';

/** How long the button says the code was copied. */
export const COPIED_LABEL_MS = 2000;

export interface EmbedCodeButtonProps {
  projectId: string;
  /** Only a published project plays in other pages; before that the button says why it is off. */
  isPublic: boolean;
}

/**
 * "Copy embed code" beside the projector link: the `<beamstage-player>` snippet for this project on
 * the clipboard. Where the clipboard is refused (an insecure origin, a denied permission) the snippet
 * shows in a selected text box to copy by hand.
 */
export function EmbedCodeButton({ projectId, isPublic }: EmbedCodeButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const box = useRef<HTMLTextAreaElement>(null);
  const snippet = embedSnippet(window.location.origin, projectId);

  useEffect(() => {
    if (state === 'copied') {
      const timer = setTimeout(() => setState('idle'), COPIED_LABEL_MS);
      return () => clearTimeout(timer);
    }
    if (state === 'manual') box.current?.select();
    return undefined;
  }, [state]);

  const copy = () => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) return setState('manual');
    clipboard.writeText(snippet).then(
      () => setState('copied'),
      () => setState('manual'),
    );
  };

  return (
    <span className="embed-code" style={{ position: 'relative' }}>
      <Button
        variant="secondary"
        onClick={copy}
        disabled={!isPublic}
        title={isPublic ? 'Copy the HTML that plays this project in any web page' : 'Publish the project to embed it in other pages'}
      >
        {state === 'copied' ? 'Embed code copied' : 'Copy embed code'}
      </Button>
      {state === 'manual' ? (
        <textarea
          ref={box}
          className="embed-code__manual"
          aria-label="Embed code"
          readOnly
          rows={3}
          value={snippet}
          onBlur={() => setState('idle')}
          style={{ position: 'absolute', right: 8, top: '100%', width: 420, zIndex: 20, font: '12px/1.4 monospace' }}
        />
      ) : null}
    </span>
  );
}
