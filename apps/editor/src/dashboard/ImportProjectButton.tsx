import { useRef, useState } from 'react';
import type { ImportedProject, ImportStep } from '../files/import-project-file';

const STEP_TEXT = (step: ImportStep): string =>
  step.phase === 'reading' ? 'Reading the file…' : step.phase === 'creating' ? 'Creating the project…' : `Uploading media ${step.done} of ${step.total}…`;

/**
 * "Import project": a JSON or zip file becomes a new project. Shows each step, the spec's error
 * texts, and validation warnings (listed, not fatal).
 */
export function ImportProjectButton({ onImport }: { onImport: (file: File, onStep: (step: ImportStep) => void) => Promise<ImportedProject> }) {
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<ImportStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setWarnings([]);
    try {
      const imported = await onImport(file, setStep);
      setWarnings(imported.warnings);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setStep(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="import-project">
      <button type="button" className="bs-btn bs-btn--secondary bs-btn--lg" onClick={() => input.current?.click()} disabled={step !== null}>
        {step ? STEP_TEXT(step) : 'Import project'}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="import-project-input"
        accept=".json,.zip,application/json,application/zip"
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      {step?.phase === 'uploading' && step.total > 0 ? <progress className="import-project__progress" max={step.total} value={step.done} /> : null}
      {error ? (
        <p className="import-project__error" role="alert" data-testid="import-error">
          Import failed: {error}
        </p>
      ) : null}
      {warnings.length > 0 ? (
        <div className="import-project__warnings" role="status">
          Imported with warnings:
          <ul>
            {warnings.slice(0, 10).map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
