import type { OutputView } from './outputs-model';
import { outputsAlert } from './outputs-model';
import './outputs.css';

/** The top bar's warning while any output is blacked out or shows a test pattern; opens the panel. */
export function OutputsIndicator({ outputs, onOpen }: { outputs: readonly OutputView[]; onOpen: () => void }) {
  const alert = outputsAlert(outputs);
  if (!alert) return null;
  return (
    <button type="button" className="outputs-indicator" role="status" data-testid="outputs-indicator" title="Open the outputs panel" onClick={onOpen}>
      <span className="outputs-indicator__dot" aria-hidden="true" />
      {alert}
    </button>
  );
}
