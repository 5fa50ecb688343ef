import { positionInput, userCreateInput } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { schemaCheck } from './schema-check';

describe('schemaCheck', () => {
  it("answers with the contract schema's own Chinese message", () => {
    const account = schemaCheck(userCreateInput.shape.account);
    expect(account('a')).toBe('账号至少2位');
    expect(account('张 三')).toBe('账号只能包含字母、数字和 _ . @ -');
    expect(account('zhang.san')).toBeUndefined();
    expect(schemaCheck(positionInput.shape.sortCode)('100000')).toBe('排序最大为99999');
  });

  it('lets a blank through: whether one is allowed is the required rule’s to say', () => {
    const account = schemaCheck(userCreateInput.shape.account);
    expect(account('')).toBeUndefined();
    expect(account('   ')).toBeUndefined();
    expect(account(undefined)).toBeUndefined();
  });
});
