import { serialize } from 'pg-protocol';
import { describe, expect, it } from 'vitest';
import { endsUnit, lastStatus, MessageReader, simpleQuery } from './wire-messages';

const startup = () => serialize.startup({ user: 'postgres', database: 'postgres' });
const rfq = (status: string) => new Uint8Array([0x5a, 0, 0, 0, 5, status.charCodeAt(0)]);

describe('wire messages', () => {
  it('cuts a byte stream into whole messages, whatever the chunks', () => {
    const stream = Buffer.concat([startup(), serialize.parse({ text: 'select $1' }), serialize.bind({ values: ['x'.repeat(20_000)] }), serialize.execute({}), serialize.sync(), simpleQuery('select 1')]);
    for (const size of [1, 7, 4096, stream.length]) {
      const reader = new MessageReader();
      const got = [];
      for (let at = 0; at < stream.length; at += size) got.push(...reader.push(stream.subarray(at, at + size)));
      expect(got.map((m) => (m.type === 0 ? 'startup' : String.fromCharCode(m.type)))).toEqual(['startup', 'P', 'B', 'E', 'S', 'Q']);
      expect(Buffer.concat(got.map((m) => m.bytes))).toEqual(stream);
      expect(got.map(endsUnit)).toEqual([true, false, false, false, true, true]);
    }
  });

  it("reads the answer's last transaction status", () => {
    const dataRow = new Uint8Array([0x44, 0, 0, 0, 6, 0, 0]);
    expect(lastStatus(Buffer.concat([dataRow, rfq('T')]))).toBe('T');
    expect(lastStatus(Buffer.concat([rfq('T'), dataRow, rfq('I')]))).toBe('I');
    expect(lastStatus(Buffer.concat([rfq('E')]))).toBe('E');
    expect(lastStatus(dataRow)).toBeNull();
  });
});
