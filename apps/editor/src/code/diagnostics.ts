import type { ShaderError } from '@beamstage/render-core';

/** A CodeMirror lint diagnostic, as plain data (positions in the document). */
export interface CodeDiagnostic {
  from: number;
  to: number;
  severity: 'error';
  message: string;
}

/**
 * Compile errors as diagnostics on their lines: each covers its line's text (a line past the end
 * marks the last line; an error without a line marks line 1), so the editor underlines the line
 * and shows the message in the gutter.
 */
export function errorsToDiagnostics(errors: readonly ShaderError[], text: string): CodeDiagnostic[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return errors.map((error) => {
    const line = Math.min(Math.max(1, error.line ?? 1), starts.length);
    const from = starts[line - 1]!;
    const end = line < starts.length ? starts[line]! - 1 : text.length;
    return { from, to: Math.max(from, end), severity: 'error' as const, message: error.line === null ? error.message : `Line ${error.line}: ${error.message}` };
  });
}
