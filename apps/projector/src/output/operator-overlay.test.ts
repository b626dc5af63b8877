import { describe, expect, it } from 'vitest';
import { operatorText } from './operator-overlay';

describe('operator overlay text', () => {
  it('aligns names and values, one per line', () => {
    expect(
      operatorText([
        { name: 'label', value: 'Left wall' },
        { name: 'connection', value: 'connected' },
      ]),
    ).toBe('label       Left wall\nconnection  connected');
  });
});
