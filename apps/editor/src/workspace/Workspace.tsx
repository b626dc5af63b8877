import type { CSSProperties, ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { PANEL_LIMITS_PX } from '../state/session-store';
import type { SessionStore } from '../state/session-store';
import { ResizeHandle } from './ResizeHandle';

export interface WorkspaceProps {
  session: SessionStore;
  topBar: ReactNode;
  left: ReactNode;
  stage: ReactNode;
  inspector: ReactNode;
  /** The timeline drawer's content; the drawer shows only when there is one and it is open. */
  drawer?: ReactNode;
  statusBar: ReactNode;
  /** Overlays above everything (palette, shortcut panel, code editor, dialogs). */
  overlays?: ReactNode;
}

/**
 * The editor page layout of design.md section 8: top bar, left dock, stage, inspector, bottom
 * drawer and status bar. Sizes and collapsed panels are session state, remembered per browser.
 */
export function Workspace({ session, topBar, left, stage, inspector, drawer, statusBar, overlays }: WorkspaceProps) {
  const s = useSnapshot(session);
  const showDrawer = drawer !== undefined && drawer !== null && s.drawerOpen;
  const columns = [s.leftCollapsed ? '' : `${s.leftWidth}px 6px`, 'minmax(0, 1fr)', s.rightCollapsed ? '' : `6px ${s.rightWidth}px`].filter(Boolean).join(' ');
  const style = { gridTemplateColumns: columns } as CSSProperties;
  return (
    <div className="workspace" data-testid="workspace">
      {topBar}
      <div className="workspace__body" style={style}>
        {s.leftCollapsed ? null : (
          <>
            {left}
            <ResizeHandle
              direction="right"
              label="Resize the left dock"
              size={s.leftWidth}
              min={PANEL_LIMITS_PX.left.min}
              max={PANEL_LIMITS_PX.left.max}
              onResize={(w) => (session.leftWidth = w)}
              onToggle={() => (session.leftCollapsed = true)}
            />
          </>
        )}
        <main className="workspace__stage">
          {s.leftCollapsed ? (
            <button
              type="button"
              className="dock-reopen dock-reopen--left"
              aria-label="Show the left dock"
              title="Show the left dock"
              onClick={() => (session.leftCollapsed = false)}
            >
              ›
            </button>
          ) : null}
          {stage}
          {s.rightCollapsed ? (
            <button
              type="button"
              className="dock-reopen dock-reopen--right"
              aria-label="Show the inspector"
              title="Show the inspector"
              onClick={() => (session.rightCollapsed = false)}
            >
              ‹
            </button>
          ) : null}
        </main>
        {s.rightCollapsed ? null : (
          <>
            <ResizeHandle
              direction="left"
              label="Resize the inspector"
              size={s.rightWidth}
              min={PANEL_LIMITS_PX.right.min}
              max={PANEL_LIMITS_PX.right.max}
              onResize={(w) => (session.rightWidth = w)}
              onToggle={() => (session.rightCollapsed = true)}
            />
            <aside className="dock dock--right" aria-label="Inspector">
              {inspector}
            </aside>
          </>
        )}
      </div>
      {showDrawer ? (
        <>
          <ResizeHandle
            direction="up"
            label="Resize the timeline"
            size={s.drawerHeight}
            min={PANEL_LIMITS_PX.drawer.min}
            max={PANEL_LIMITS_PX.drawer.max}
            onResize={(h) => (session.drawerHeight = h)}
            onToggle={() => (session.drawerOpen = false)}
          />
          <section className="workspace__drawer" style={{ height: s.drawerHeight }} aria-label="Timeline">
            {drawer}
          </section>
        </>
      ) : null}
      {statusBar}
      {overlays}
    </div>
  );
}
