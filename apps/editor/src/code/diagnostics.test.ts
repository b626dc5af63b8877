import { describe, expect, it } from 'vitest';
import { errorsToDiagnostics } from './diagnostics';

const TEXT = 'line one\nline two\n\nlast';

describe('errorsToDiagnostics', () => {
  it('covers the text of the error line', () => {
    const [d] = errorsToDiagnostics([{ line: 2, message: 'bad' }], TEXT);
    expect(TEXT.slice(d!.from, d!.to)).toBe('line two');
    expect(d!.message).toBe('Line 2: bad');
    expect(d!.severity).toBe('error');
  });

  it('handles empty lines, the last line, lines past the end and no line', () => {
    const [empty, last, past, none] = errorsToDiagnostics(
      [
        { line: 3, message: 'a' },
        { line: 4, message: 'b' },
        { line: 40, message: 'c' },
        { line: null, message: 'd' },
      ],
      TEXT,
    );
    expect([empty!.from, empty!.to]).toEqual([18, 18]);
    expect(TEXT.slice(last!.from, last!.to)).toBe('last');
    expect(TEXT.slice(past!.from, past!.to)).toBe('last');
    expect(TEXT.slice(none!.from, none!.to)).toBe('line one');
    expect(none!.message).toBe('d');
  });
});
