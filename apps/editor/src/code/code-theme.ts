import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import { tags as t } from '@lezer/highlight';

/** The editor's dark look in the studio's colours (libs/ui base.css variables). */
const theme = EditorView.theme(
  {
    '&': { height: '100%', backgroundColor: 'var(--bs-bg-soft)', color: 'var(--bs-text)', fontSize: '13px' },
    '.cm-scroller': { fontFamily: 'var(--bs-mono)', lineHeight: '1.55' },
    '.cm-content': { caretColor: 'var(--bs-accent-2)' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--bs-accent-2)' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'rgba(124, 92, 255, 0.35)' },
    '.cm-gutters': { backgroundColor: 'var(--bs-surface)', color: 'var(--bs-text-dim)', border: 'none', borderRight: '1px solid var(--bs-border)' },
    '.cm-activeLine': { backgroundColor: 'rgba(148, 163, 255, 0.06)' },
    '.cm-activeLineGutter': { backgroundColor: 'rgba(148, 163, 255, 0.1)', color: 'var(--bs-text)' },
    '.cm-matchingBracket': { backgroundColor: 'rgba(34, 211, 238, 0.25)', outline: 'none' },
    '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy #ff5c7a', textUnderlineOffset: '3px' },
    '.cm-diagnostic-error': { borderLeftColor: '#ff5c7a' },
    '.cm-tooltip': { backgroundColor: 'var(--bs-surface-2)', color: 'var(--bs-text)', border: '1px solid var(--bs-border)' },
  },
  { dark: true },
);

const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.modifier, t.controlKeyword, t.operatorKeyword], color: '#c4a7ff' },
  { tag: [t.typeName, t.className, t.standard(t.name)], color: '#22d3ee' },
  { tag: [t.number, t.bool, t.atom], color: '#fbbf24' },
  { tag: [t.string, t.special(t.string)], color: '#86efac' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: '#6b7399', fontStyle: 'italic' },
  { tag: [t.tagName], color: '#f472b6' },
  { tag: [t.attributeName, t.propertyName], color: '#93c5fd' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: '#fcd34d' },
  { tag: [t.meta, t.processingInstruction], color: '#f0abfc' },
  { tag: t.invalid, color: '#ff5c7a' },
]);

export const codeTheme: Extension = [theme, syntaxHighlighting(highlight)];
