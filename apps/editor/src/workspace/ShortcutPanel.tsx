import type { Action } from '../actions/action';
import { shortcutSections } from '../actions/describe';

export interface ShortcutPanelProps<C> {
  actions: readonly Action<C>[];
  mac: boolean;
  onClose: () => void;
}

/** The `?` panel: every shortcut of the registry, by group. */
export function ShortcutPanel<C>({ actions, mac, onClose }: ShortcutPanelProps<C>) {
  const sections = shortcutSections(actions, mac);
  return (
    <div className="overlay-backdrop" onPointerDown={(event) => event.target === event.currentTarget && onClose()}>
      <section
        className="bs-dialog shortcut-panel"
        role="dialog"
        aria-modal="true"
        aria-label="Keyboard shortcuts"
        onKeyDown={(event) => event.key === 'Escape' && onClose()}
      >
        <header className="bs-dialog__head">
          <h2>Keyboard shortcuts</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose} autoFocus>
            ×
          </button>
        </header>
        <div className="shortcut-panel__body">
          {sections.map((section) => (
            <div key={section.group} className="shortcut-panel__section">
              <h3>{section.title}</h3>
              <table>
                <tbody>
                  {section.rows.map((row) => (
                    <tr key={row.id} data-action={row.id}>
                      <td>{row.label}</td>
                      <td className="shortcut-panel__keys">
                        {row.keys.map((k) => (
                          <kbd key={k}>{k}</kbd>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
