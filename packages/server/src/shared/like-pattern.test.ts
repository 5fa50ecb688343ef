import { describe, expect, it } from 'vitest';
import { containsPattern } from './like-pattern.js';

describe('containsPattern', () => {
  it('matches anywhere and takes the wildcards a user types literally', () => {
    expect(containsPattern('粤B')).toBe('%粤B%');
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b\\c')).toBe('%a\\_b\\\\c%');
  });
});
