import { LinkButton, LogoMark } from '@beamstage/ui';
import type { ReactNode } from 'react';
import type { LiveLabel } from '../live/connection-label';
import type { PeerView } from '../state/editor-store';
import { EmbedCodeButton } from './EmbedCodeButton';
import { PresenceAvatars } from './PresenceAvatars';
import { saveStatus } from './save-status';
import { projectorPath } from '../services/projector-path';
import './view-only.css';

export interface EditorTopBarProps {
  name: string;
  projectId: string;
  dirty: boolean;
  saving: boolean;
  lastSavedLabel: string | null;
  isPublic: boolean;
  publishing: boolean;
  /** The live connection as the top bar says it. */
  live: LiveLabel;
  /** Edits reach the live document as they are made (no "unsaved" for those). */
  liveEditing: boolean;
  /** The live save line (live/use-server-save.ts): "Saving…" until the server stored the edits, then "Saved"; null when unknown. */
  serverSave?: string | null;
  /** Shown over the usual line (services/local-save.ts saveNoteFor): "Offline (local only)" or the last save's failure. */
  saveNote?: string | null;
  peers: readonly PeerView[];
  onRename: (name: string) => void;
  onTogglePublish: () => void;
  /** Action views after the name: history, the Add menu. */
  tools?: ReactNode;
  /** Action views before the publish switch: save, palette, help. */
  commands?: ReactNode;
  /** Set when the project is view-only for us: the name and the publish switch are disabled with this reason. */
  readOnlyTitle?: string | null;
}

/** The workspace's top bar: project name, status, action views, presence, publish and the projector link. */
export function EditorTopBar(props: EditorTopBarProps) {
  const status = (!props.saving && props.saveNote) || ((props.liveEditing && !props.dirty && !props.saving ? props.serverSave : null) ?? saveStatus(props));
  return (
    <header className="editor-bar">
      <a className="editor-bar__home" href="/dashboard" title="Back to your projects" aria-label="Back to your projects">
        <LogoMark size={26} />
      </a>
      <input
        className="editor-bar__name"
        aria-label="Project name"
        value={props.name}
        disabled={!!props.readOnlyTitle}
        title={props.readOnlyTitle ?? undefined}
        onChange={(event) => props.onRename(event.target.value)}
      />
      <span className={props.dirty ? 'editor-bar__status editor-bar__status--dirty' : 'editor-bar__status'} data-testid="save-status">
        {status}
      </span>
      <span
        className={`editor-bar__live editor-bar__live--${props.live.tone}`}
        data-testid="live-status"
        data-tone={props.live.tone}
        role="status"
        title={props.live.title ?? props.live.text}
      >
        <span className="editor-bar__live-text">{props.live.text}</span>
      </span>
      {props.tools ? <div className="editor-bar__tools">{props.tools}</div> : null}
      <div className="editor-bar__spacer" />
      <PresenceAvatars peers={props.peers} />
      {props.commands ? <div className="editor-bar__commands">{props.commands}</div> : null}
      <label className="switch" title={props.readOnlyTitle ?? 'Published projects open on any projector without signing in'}>
        <input
          type="checkbox"
          role="switch"
          checked={props.isPublic}
          disabled={props.publishing || !!props.readOnlyTitle}
          onChange={props.onTogglePublish}
          aria-label="Publish"
        />
        <span className="switch__track" aria-hidden="true" />
        <span>{props.isPublic ? 'Published' : 'Publish'}</span>
      </label>
      <LinkButton variant="secondary" href={projectorPath(props.projectId)} target="_blank" rel="noopener">
        Open projector ↗
      </LinkButton>
      <EmbedCodeButton projectId={props.projectId} isPublic={props.isPublic} />
    </header>
  );
}
