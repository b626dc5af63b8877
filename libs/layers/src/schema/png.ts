// A tiny PNG encoder (8-bit greyscale, zlib with fixed-Huffman deflate and run-length matches),
// so the mask default image is built without a DOM or canvas in Node and in the browser.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

class BitWriter {
  private readonly out: number[] = [];
  private cur = 0;
  private n = 0;
  /** Writes value's low `count` bits, least significant first (deflate's bit order for data). */
  bits(value: number, count: number): void {
    for (let i = 0; i < count; i++) this.bit((value >>> i) & 1);
  }
  /** Writes a Huffman code, most significant bit first. */
  code(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.bit((code >>> i) & 1);
  }
  private bit(b: number): void {
    this.cur |= b << this.n;
    this.n++;
    if (this.n === 8) {
      this.out.push(this.cur);
      this.cur = 0;
      this.n = 0;
    }
  }
  finish(): Uint8Array {
    if (this.n > 0) this.out.push(this.cur);
    return Uint8Array.from(this.out);
  }
}

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const MAX_MATCH = 258;

function writeLiteralOrLength(w: BitWriter, symbol: number): void {
  if (symbol < 144) w.code(0x30 + symbol, 8);
  else if (symbol < 256) w.code(0x190 + symbol - 144, 9);
  else if (symbol < 280) w.code(symbol - 256, 7);
  else w.code(0xc0 + symbol - 280, 8);
}

/** zlib stream of data using one fixed-Huffman block with distance-1 run matches. */
export function zlibDeflate(data: Uint8Array): Uint8Array {
  const w = new BitWriter();
  w.bits(1, 1); // BFINAL
  w.bits(1, 2); // BTYPE = fixed Huffman
  let i = 0;
  while (i < data.length) {
    const byte = data[i]!;
    writeLiteralOrLength(w, byte);
    i++;
    let run = 0;
    while (i + run < data.length && data[i + run] === byte && run < MAX_MATCH) run++;
    if (run >= 3) {
      let idx = LENGTH_BASE.length - 1;
      while (LENGTH_BASE[idx]! > run) idx--;
      writeLiteralOrLength(w, 257 + idx);
      w.bits(run - LENGTH_BASE[idx]!, LENGTH_EXTRA[idx]!);
      w.code(0, 5); // distance code 0 = distance 1
      i += run;
    }
  }
  writeLiteralOrLength(w, 256);
  const body = w.finish();
  const out = new Uint8Array(body.length + 6);
  out[0] = 0x78;
  out[1] = 0x01;
  out.set(body, 2);
  const ad = adler32(data);
  out[out.length - 4] = ad >>> 24;
  out[out.length - 3] = (ad >>> 16) & 0xff;
  out[out.length - 2] = (ad >>> 8) & 0xff;
  out[out.length - 1] = ad & 0xff;
  return out;
}

function u32(n: number): number[] {
  return [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

function chunk(type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array(4 + data.length);
  for (let i = 0; i < 4; i++) typed[i] = type.charCodeAt(i);
  typed.set(data, 4);
  return [...u32(data.length), ...typed, ...u32(crc32(typed))];
}

/** PNG bytes of an 8-bit greyscale image; pixel(x, y) returns 0..255. */
export function encodeGreyPng(width: number, height: number, pixel: (x: number, y: number) => number): Uint8Array {
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = pixel(x, y);
  }
  const ihdr = Uint8Array.from([...u32(width), ...u32(height), 8, 0, 0, 0, 0]);
  const bytes = [137, 80, 78, 71, 13, 10, 26, 10, ...chunk('IHDR', ihdr), ...chunk('IDAT', zlibDeflate(raw)), ...chunk('IEND', new Uint8Array(0))];
  return Uint8Array.from(bytes);
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 without relying on btoa or Buffer. */
export function base64Encode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += B64[(n >>> 18) & 63]! + B64[(n >>> 12) & 63]!;
    out += b === undefined ? '=' : B64[(n >>> 6) & 63]!;
    out += c === undefined ? '=' : B64[n & 63]!;
  }
  return out;
}
