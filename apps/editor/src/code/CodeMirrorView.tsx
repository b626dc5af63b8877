import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, indentOnInput, StreamLanguage } from '@codemirror/language';
import { shader } from '@codemirror/legacy-modes/mode/clike';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import type { Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { codeTheme } from './code-theme';
import type { CodeLanguage } from './code-source';
import { errorsToDiagnostics } from './diagnostics';

export interface CodeMirrorViewProps {
  /** The editor is rebuilt when this changes (another layer). */
  docKey: string;
  language: CodeLanguage;
  text: string;
  errors: readonly { line: number | null; message: string }[];
  readOnly?: boolean;
  onChange: (text: string) => void;
  onRun: () => void;
  onClose: () => void;
}

function languageOf(language: CodeLanguage): Extension {
  if (language === 'html') return html();
  if (language === 'javascript') return javascript();
  // GLSL: the legacy C-like "shader" mode (GLSL keywords, types and built-ins).
  return StreamLanguage.define(shader);
}

/**
 * CodeMirror 6 in React. This module and its packages load only when the code editor first opens
 * (CodePanel imports it lazily), keeping them out of the editor's initial JS.
 */
export default function CodeMirrorView({ docKey, language, text, errors, readOnly, onChange, onRun, onClose }: CodeMirrorViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const callbacks = useRef({ onChange, onRun, onClose });
  callbacks.current = { onChange, onRun, onClose };

  useEffect(() => {
    if (!host.current) return;
    const state = EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        lintGutter(),
        keymap.of([
          { key: 'Mod-Enter', run: () => (callbacks.current.onRun(), true), preventDefault: true },
          { key: 'Escape', run: () => (callbacks.current.onClose(), true) },
          indentWithTab,
          ...defaultKeymap,
          ...historyKeymap,
        ]),
        languageOf(language),
        codeTheme,
        // The panel is narrow beside the stage: long lines wrap rather than hide.
        EditorView.lineWrapping,
        EditorState.readOnly.of(readOnly === true),
        EditorView.contentAttributes.of({ 'aria-label': 'Code', 'data-testid': 'code-input' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
        }),
      ],
    });
    const v = new EditorView({ state, parent: host.current });
    view.current = v;
    v.focus();
    return () => {
      v.destroy();
      view.current = null;
    };
    // Rebuilt per layer and language only; text changes flow through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [docKey, language, readOnly]);

  // Text from outside (a collaborator's Run, Undo of a Run) replaces the document when it differs.
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const current = v.state.doc.toString();
    if (current !== text) v.dispatch({ changes: { from: 0, to: current.length, insert: text } });
  }, [text]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch(setDiagnostics(v.state, errorsToDiagnostics(errors, v.state.doc.toString())));
  }, [errors, docKey]);

  return <div ref={host} className="code-panel__editor" />;
}
