import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5';

describe('md5Hex', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['admin123', '0192023a7bbd73250516f069df18b500'],
    ['The quick brown fox jumps over the lazy dog', '9e107d9d372bb6826bd81d3542a419d6'],
    // longer than one 64-byte block
    ['1234567890123456789012345678901234567890123456789012345678901234567890', '689de1e396ad9c089ae2b9aaffd6faf7'],
    // 55, 56 and 64 bytes sit on the padding boundaries
    ['a'.repeat(55), 'ef1772b6dff9a122358552954ad0df65'],
    ['a'.repeat(56), '3b0c8ac703f828b04c6c197006d17218'],
    ['a'.repeat(64), '014842d480b571495a4a0363793f7367'],
    ['停车', '246e2b0251bfddb80c8a394bde0d9508'],
  ])('hashes %j', (input, expected) => {
    expect(md5Hex(input)).toBe(expected);
  });
});
