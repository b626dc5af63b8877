import { describe, expect, it } from 'vitest';
import { endsUnit, lastStatus, MessageReader, PROTOCOL_V3, simpleQuery } from './wire-messages';

const int16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const cstr = (s: string) => Buffer.from(`${s}\0`);
/** A typed frontend message as a client writes it: type, length (itself included), body. */
const message = (type: string, ...body: Buffer[]) => {
  const b = Buffer.concat(body);
  return Buffer.concat([Buffer.from(type), int32(4 + b.length), b]);
};
const startup = () => {
  const body = Buffer.concat([int32(PROTOCOL_V3), cstr('user'), cstr('postgres'), Buffer.from([0])]);
  return Buffer.concat([int32(4 + body.length), body]);
};
const serialize = {
  parse: ({ text }: { text: string }) => message('P', cstr(''), cstr(text), int16(0)),
  bind: ({ values }: { values: string[] }) =>
    message('B', cstr(''), cstr(''), int16(0), int16(values.length), ...values.flatMap((v) => [int32(Buffer.byteLength(v)), Buffer.from(v)]), int16(0)),
  execute: () => message('E', cstr(''), int32(0)),
  sync: () => message('S'),
};
const rfq = (status: string) => new Uint8Array([0x5a, 0, 0, 0, 5, status.charCodeAt(0)]);

describe('wire messages', () => {
  it('cuts a byte stream into whole messages, whatever the chunks', () => {
    const stream = Buffer.concat([
      startup(),
      serialize.parse({ text: 'select $1' }),
      serialize.bind({ values: ['x'.repeat(20_000)] }),
      serialize.execute(),
      serialize.sync(),
      simpleQuery('select 1'),
    ]);
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
