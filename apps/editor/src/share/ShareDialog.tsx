import { useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import '../shell/dialog.css';
import { ROLE_LABELS, emailProblem, findMe, memberName, sharePermissions } from './share-model';
import type { GrantedRole, ProjectMember, SignedInUser } from './share-model';
import './share.css';

/** What the dialog shows: the list (loading until it came), or why sharing is not possible here. */
export type ShareView =
  | { readonly kind: 'loading' }
  | { readonly kind: 'needs-server'; readonly reason: string }
  | { readonly kind: 'ready'; readonly members: readonly ProjectMember[] };

export interface ShareDialogProps {
  view: ShareView;
  me: SignedInUser | null;
  /** The last failed call's sentence (the api's error text), or null. */
  error: string | null;
  /** A call is running: the controls wait. */
  busy: boolean;
  /** Resolves true when the member was added (the field then empties). */
  onAdd: (email: string, role: GrantedRole) => Promise<boolean>;
  onRole: (member: ProjectMember, role: GrantedRole) => void;
  onRemove: (member: ProjectMember) => void;
  onLeave: () => void;
  onClose: () => void;
}

/** The Share dialog: who has access and with which role; the owner adds, changes and removes members. */
export function ShareDialog({ view, me, error, busy, onAdd, onRole, onRemove, onLeave, onClose }: ShareDialogProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<GrantedRole>('editor');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const members = view.kind === 'ready' ? view.members : [];
  const mine = findMe(members, me);
  const { canManage, canLeave } = sharePermissions(mine?.role ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = emailProblem(email);
    setFieldError(problem);
    if (problem) return;
    void onAdd(email, role).then((added) => added && setEmail(''));
  };
  const shownError = fieldError ?? error;
  // A call disables controls and a removed row goes away: focus that fell out of the dialog comes
  // back to it, so Escape and Tab keep working from the keyboard.
  const frame = useRef<HTMLElement>(null);
  useEffect(() => {
    const section = frame.current;
    if (!busy && section && !section.contains(document.activeElement)) section.focus();
  }, [busy, view]);

  return (
    <div className="overlay-backdrop" onPointerDown={(event) => event.target === event.currentTarget && onClose()}>
      <section
        ref={frame}
        tabIndex={-1}
        className="bs-dialog share-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="share-dialog-title"
        data-testid="share-dialog"
        onKeyDown={(event) => {
          if (event.key === 'Tab') return keepTabInside(event, event.currentTarget);
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          onClose();
        }}
      >
        <header className="bs-dialog__head">
          <h2 id="share-dialog-title">Share</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose} autoFocus={!canManage}>
            ×
          </button>
        </header>
        <div className="share-dialog__body">
          {view.kind === 'needs-server' ? (
            <p className="share-dialog__note" role="status" data-testid="share-needs-server">
              {view.reason}
            </p>
          ) : null}
          {view.kind === 'loading' && !shownError ? <p className="share-dialog__note">Loading…</p> : null}
          {view.kind === 'ready' && canManage ? (
            <form className="share-dialog__add" onSubmit={submit} aria-label="Add a member" noValidate>
              <input
                type="email"
                className="share-input"
                aria-label="E-mail address"
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={shownError ? 'share-error' : undefined}
                placeholder="name@example.com"
                value={email}
                autoFocus
                readOnly={busy}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setFieldError(null);
                }}
              />
              <select
                className="share-input"
                aria-label="Role for the new member"
                value={role}
                disabled={busy}
                onChange={(event) => setRole(event.target.value as GrantedRole)}
              >
                <option value="editor">Editor</option>
                <option value="viewer">Viewer</option>
              </select>
              <button type="submit" className="bs-btn bs-btn--primary bs-btn--sm" disabled={busy}>
                Add
              </button>
            </form>
          ) : null}
          {shownError ? (
            <p className="share-dialog__error" id="share-error" role="alert" data-testid="share-error">
              {shownError}
            </p>
          ) : null}
          {view.kind === 'ready' ? (
            <>
              <h3 className="share-dialog__label" id="share-people">
                People with access
              </h3>
              <ul className="share-list" aria-labelledby="share-people">
                {members.map((member) => (
                  <MemberRow key={member.userId} member={member} isMe={member === mine} canManage={canManage} busy={busy} onRole={onRole} onRemove={onRemove} />
                ))}
              </ul>
              {!canManage ? (
                <p className="share-dialog__note">
                  Only the owner can add people or change roles.
                  {mine?.role === 'viewer' ? ' You can view this project.' : ''}
                </p>
              ) : null}
              {canLeave ? <LeaveRow confirm={confirmLeave} busy={busy} onAsk={setConfirmLeave} onLeave={onLeave} /> : null}
            </>
          ) : null}
        </div>
      </section>
    </div>
  );
}

/** Tab and Shift+Tab wrap around inside the dialog (it is modal: the editor behind is out of reach). */
function keepTabInside(event: KeyboardEvent<HTMLElement>, dialog: HTMLElement) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>('button, input, select, textarea, [href]')].filter((el) => !el.matches(':disabled'));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const at = document.activeElement;
  if (event.shiftKey && (at === first || at === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && at === last) {
    event.preventDefault();
    first.focus();
  }
}

function MemberRow({
  member,
  isMe,
  canManage,
  busy,
  onRole,
  onRemove,
}: {
  member: ProjectMember;
  isMe: boolean;
  canManage: boolean;
  busy: boolean;
  onRole: (member: ProjectMember, role: GrantedRole) => void;
  onRemove: (member: ProjectMember) => void;
}) {
  const name = memberName(member);
  const editable = canManage && member.role !== 'owner';
  return (
    <li className="share-list__item" data-testid="share-member" data-role={member.role}>
      <span className="share-list__avatar" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="share-list__who">
        <strong>
          {name}
          {isMe ? <span className="share-list__you"> (you)</span> : null}
        </strong>
        {member.email && member.email !== name ? <span className="share-list__email">{member.email}</span> : null}
      </span>
      {editable ? (
        <>
          <select
            className="share-input share-list__role"
            aria-label={`Role of ${name}`}
            value={member.role}
            disabled={busy || !member.email}
            title={member.email ? undefined : 'This member has no e-mail address to change the role by'}
            onChange={(event) => onRole(member, event.target.value as GrantedRole)}
          >
            <option value="editor">Editor</option>
            <option value="viewer">Viewer</option>
          </select>
          <button type="button" className="bs-btn bs-btn--ghost bs-btn--sm" aria-label={`Remove ${name}`} disabled={busy} onClick={() => onRemove(member)}>
            Remove
          </button>
        </>
      ) : (
        <span className="share-list__role-label">{ROLE_LABELS[member.role]}</span>
      )}
    </li>
  );
}

function LeaveRow({ confirm, busy, onAsk, onLeave }: { confirm: boolean; busy: boolean; onAsk: (ask: boolean) => void; onLeave: () => void }) {
  if (!confirm) {
    return (
      <div className="share-dialog__leave">
        <button type="button" className="bs-btn bs-btn--secondary bs-btn--sm" onClick={() => onAsk(true)}>
          Leave project
        </button>
      </div>
    );
  }
  return (
    <div className="share-dialog__leave" role="group" aria-label="Leave project">
      <span>You lose access until the owner adds you again.</span>
      <button type="button" className="bs-btn bs-btn--danger bs-btn--sm" disabled={busy} onClick={onLeave} autoFocus>
        Leave
      </button>
      <button type="button" className="bs-btn bs-btn--ghost bs-btn--sm" onClick={() => onAsk(false)}>
        Cancel
      </button>
    </div>
  );
}
