import { describe, expect, it } from 'vitest';
import { evaluateArithmetic, MSG_NOT_A_NUMBER } from './arithmetic';

const value = (text: string) => {
  const r = evaluateArithmetic(text);
  if (!r.ok) throw new Error(`${text}: ${r.message}`);
  return r.value;
};

describe('evaluateArithmetic', () => {
  it('reads plain numbers', () => {
    expect(value('400')).toBe(400);
    expect(value(' 12.5 ')).toBe(12.5);
    expect(value('.5')).toBe(0.5);
    expect(value('-3')).toBe(-3);
    expect(value('1e3')).toBe(1000);
    expect(value('2,5')).toBe(2.5);
  });

  it('does sums, products and precedence', () => {
    expect(value('400+20')).toBe(420);
    expect(value('400 - 20')).toBe(380);
    expect(value('10*3')).toBe(30);
    expect(value('90/4')).toBe(22.5);
    expect(value('2+3*4')).toBe(14);
    expect(value('(2+3)*4')).toBe(20);
    expect(value('-(2+3)')).toBe(-5);
    expect(value('10--5')).toBe(15);
    expect(value('((1))')).toBe(1);
  });

  it('refuses anything that is not arithmetic', () => {
    for (const bad of ['', 'abc', '12px', '4+', '(4', '4)', '*4', 'alert(1)', 'Math.PI', '1..2', '2 3', '0x10']) {
      expect(evaluateArithmetic(bad)).toEqual({ ok: false, message: MSG_NOT_A_NUMBER });
    }
  });

  it('refuses division by zero and overflow', () => {
    expect(evaluateArithmetic('1/0')).toEqual({ ok: false, message: 'Cannot divide by zero' });
    expect(evaluateArithmetic('1e308*10').ok).toBe(false);
  });

  it('refuses overlong input', () => {
    expect(evaluateArithmetic('1+'.repeat(150) + '1').ok).toBe(false);
  });
});
