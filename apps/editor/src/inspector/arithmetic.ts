/**
 * The tiny arithmetic a number field accepts (users.md: type `400+20`): numbers, + - * /,
 * unary minus and parentheses. A hand-written recursive-descent parser, so typed text is never
 * evaluated as code.
 */
export type ArithmeticResult = { ok: true; value: number } | { ok: false; message: string };

/** Longest expression accepted; a field holds a number, not a program. */
export const ARITHMETIC_MAX_CHARS = 200;

export const MSG_NOT_A_NUMBER = 'Enter a number, or a sum such as 400+20';

type Token = { kind: 'num'; value: number } | { kind: 'op'; op: '+' | '-' | '*' | '/' | '(' | ')' };

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === ' ' || ch === '\t') {
      i += 1;
      continue;
    }
    if ('+-*/()'.includes(ch)) {
      tokens.push({ kind: 'op', op: ch as '+' });
      i += 1;
      continue;
    }
    // A decimal number: digits with at most one point, optionally an exponent (1e3, 2.5E-2).
    const m = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) return null;
    tokens.push({ kind: 'num', value: Number(m[0]) });
    i += m[0].length;
  }
  return tokens;
}

/** Evaluates `text`; a comma is read as a decimal point (common on European keyboards). */
export function evaluateArithmetic(text: string): ArithmeticResult {
  const source = text.trim().replace(/,/g, '.');
  if (source === '' || source.length > ARITHMETIC_MAX_CHARS) return { ok: false, message: MSG_NOT_A_NUMBER };
  const tokens = tokenize(source);
  if (!tokens) return { ok: false, message: MSG_NOT_A_NUMBER };
  let pos = 0;
  let error: string | null = null;
  const peek = () => tokens[pos];
  const isOp = (t: Token | undefined, op: string) => t?.kind === 'op' && t.op === op;

  // expr := term (('+'|'-') term)*; term := unary (('*'|'/') unary)*; unary := ('-'|'+') unary | primary
  const expr = (): number => {
    let v = term();
    while (isOp(peek(), '+') || isOp(peek(), '-')) {
      const op = (tokens[pos++] as { op: string }).op;
      const r = term();
      v = op === '+' ? v + r : v - r;
    }
    return v;
  };
  const term = (): number => {
    let v = unary();
    while (isOp(peek(), '*') || isOp(peek(), '/')) {
      const op = (tokens[pos++] as { op: string }).op;
      const r = unary();
      if (op === '/' && r === 0) error ??= 'Cannot divide by zero';
      v = op === '*' ? v * r : v / r;
    }
    return v;
  };
  const unary = (): number => {
    if (isOp(peek(), '-')) {
      pos += 1;
      return -unary();
    }
    if (isOp(peek(), '+')) {
      pos += 1;
      return unary();
    }
    return primary();
  };
  const primary = (): number => {
    const t = peek();
    if (t?.kind === 'num') {
      pos += 1;
      return t.value;
    }
    if (isOp(t, '(')) {
      pos += 1;
      const v = expr();
      if (!isOp(peek(), ')')) error ??= MSG_NOT_A_NUMBER;
      else pos += 1;
      return v;
    }
    error ??= MSG_NOT_A_NUMBER;
    return Number.NaN;
  };

  const value = expr();
  if (error) return { ok: false, message: error };
  if (pos !== tokens.length || !Number.isFinite(value)) return { ok: false, message: MSG_NOT_A_NUMBER };
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}
