/** RFC 1321 MD5 over the UTF-8 bytes of a string, as lower-case hex (the login password wire format). */
const shifts = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const constants = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

const rotateLeft = (x: number, n: number): number => (x << n) | (x >>> (32 - n));

function pad(bytes: Uint8Array): Uint32Array {
  const blockCount = ((bytes.length + 8) >>> 6) + 1;
  const words = new Uint32Array(blockCount * 16);
  bytes.forEach((byte, i) => {
    words[i >>> 2]! |= byte << ((i % 4) * 8);
  });
  words[bytes.length >>> 2]! |= 0x80 << ((bytes.length % 4) * 8);
  const bitLength = bytes.length * 8;
  words[blockCount * 16 - 2] = bitLength >>> 0;
  words[blockCount * 16 - 1] = Math.floor(bitLength / 2 ** 32);
  return words;
}

export function md5Hex(text: string): string {
  const words = pad(new TextEncoder().encode(text));
  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  for (let block = 0; block < words.length; block += 16) {
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const next = d;
      d = c;
      c = b;
      const sum = (a + f + constants[i]! + words[block + g]!) | 0;
      b = (b + rotateLeft(sum, shifts[(i >>> 4) * 4 + (i % 4)]!)) | 0;
      a = next;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  return [a0, b0, c0, d0].map((word) => Array.from({ length: 4 }, (_, i) => ((word >>> (i * 8)) & 0xff).toString(16).padStart(2, '0')).join('')).join('');
}
