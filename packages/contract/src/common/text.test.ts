import { describe, expect, it } from 'vitest';
import { findTextFault, maxInputDepth, textMessages, textProblem } from './text.js';

describe('textProblem', () => {
  it('lets ordinary Chinese, emoji and empty text through', () => {
    expect(textProblem('')).toBeUndefined();
    expect(textProblem('粤B12345 停车场')).toBeUndefined();
    // a surrogate pair is one well-formed character
    expect(textProblem('车位🚗')).toBeUndefined();
  });

  it('refuses a NUL anywhere in the text', () => {
    expect(textProblem('\u0000')).toBe(textMessages.nul);
    expect(textProblem('粤B\u000012345')).toBe(textMessages.nul);
  });

  it('refuses a high or low surrogate standing alone, at either end or inside', () => {
    expect(textProblem('\ud800')).toBe(textMessages.surrogate);
    expect(textProblem('a\ud83d')).toBe(textMessages.surrogate);
    expect(textProblem('\ude97b')).toBe(textMessages.surrogate);
    expect(textProblem('a\ude97\ud83db')).toBe(textMessages.surrogate);
  });
});

describe('findTextFault', () => {
  it('finds nothing in a clean input of any shape', () => {
    expect(findTextFault({ name: '片区', tags: ['a', 'b'], n: 3, x: null, ok: true })).toBeUndefined();
    expect(findTextFault(undefined)).toBeUndefined();
    expect(findTextFault('plain')).toBeUndefined();
  });

  it('names the path of a bad string inside objects and arrays', () => {
    const fault = findTextFault({ rules: { schedule: { workday: [{ label: 'ok' }, { label: 'x\u0000' }] } } });
    expect(fault).toEqual({ path: ['rules', 'schedule', 'workday', 1, 'label'], problem: textMessages.nul });
  });

  it('checks object keys as well as values', () => {
    const fault = findTextFault({ good: 1, ['k\ud800']: 'v' });
    expect(fault?.path).toEqual(['k\ud800']);
    expect(fault?.problem).toContain(textMessages.surrogate);
  });

  it('refuses nesting deeper than the limit without exhausting the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findTextFault(deep)).toEqual({ path: Array.from({ length: maxInputDepth }, () => 0), problem: textMessages.tooDeep });
    let allowed: unknown = 'leaf';
    for (let i = 0; i < maxInputDepth; i += 1) allowed = { a: allowed };
    expect(findTextFault(allowed)).toBeUndefined();
  });
});
