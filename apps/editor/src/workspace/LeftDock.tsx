import type { ReactNode } from 'react';
import type { LeftTab } from '../state/session-store';

export interface DockTab {
  id: LeftTab;
  label: string;
  content: ReactNode;
}

export interface LeftDockProps {
  tabs: readonly DockTab[];
  active: LeftTab;
  onSelect: (tab: LeftTab) => void;
}

/** The left dock: one tab per panel (Layers, Scenes, Assets), each panel from its own folder. */
export function LeftDock({ tabs, active, onSelect }: LeftDockProps) {
  const current = tabs.find((t) => t.id === active) ?? tabs[0];
  return (
    <aside className="dock dock--left" aria-label="Panels">
      <div className="dock__tabs" role="tablist" aria-label="Panels">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`dock-tab-${tab.id}`}
            aria-selected={tab.id === current?.id}
            aria-controls={`dock-panel-${tab.id}`}
            className={tab.id === current?.id ? 'dock__tab dock__tab--active' : 'dock__tab'}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current ? (
        <div className="dock__panel" role="tabpanel" id={`dock-panel-${current.id}`} aria-labelledby={`dock-tab-${current.id}`}>
          {current.content}
        </div>
      ) : null}
    </aside>
  );
}
