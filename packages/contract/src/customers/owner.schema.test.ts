import { describe, expect, it } from 'vitest';
import { customerOwedQuery, ownerBindInput, ownerPhoneInput, ownerSignInInput, ownerSmsCodeInput } from './owner.schema.js';

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('owner phone pages input', () => {
  it('takes a mobile number and a six-digit code, trimmed, and says in Chinese what is wrong', () => {
    expect(ownerSmsCodeInput.parse({ phone: ' 13812345678 ' })).toEqual({ phone: '13812345678' });
    expect(issue(ownerSmsCodeInput.safeParse({ phone: '1381234' }))).toBe('请输入正确的电话号码');
    expect(issue(ownerSmsCodeInput.safeParse({}))).toBe('请输入手机号');
    expect(ownerSignInInput.parse({ phone: '13812345678', code: ' 012345 ' })).toEqual({ phone: '13812345678', code: '012345' });
    expect(issue(ownerSignInInput.safeParse({ phone: '13812345678', code: '12345' }))).toBe('验证码为6位数字');
    expect(issue(ownerSignInInput.safeParse({ phone: '13812345678', code: '' }))).toBe('请输入验证码');
    expect(ownerSignInInput.safeParse({ phone: '13812345678', code: '123456', account: 'mw' }).success).toBe(false);
  });

  it('binds a plate with its colour for the signed-in owner only', () => {
    expect(ownerBindInput.parse({ plateNumber: '粤b12345' })).toEqual({ plateNumber: '粤B12345', plateColour: 0 });
    expect(ownerBindInput.safeParse({ plateNumber: '粤B12345', customerId: '00000000-0000-4000-8000-000000000000' }).success).toBe(false);
    expect(issue(ownerBindInput.safeParse({ plateNumber: 'ABC' }))).toBe('请输入正确的车牌号，如 粤B12345');
  });

  it('changes the phone with a code from each number', () => {
    expect(issue(ownerPhoneInput.safeParse({ phone: '13812345678', newCode: '123456' }))).toBe('请输入原手机号收到的验证码');
    expect(issue(ownerPhoneInput.safeParse({ phone: '13812345678', oldCode: '123456' }))).toBe('请输入新手机号收到的验证码');
  });

  it('asks what up to 200 owners owe, each once', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(customerOwedQuery.parse({ ids: ` ${id},${id}, ` })).toEqual({ ids: [id] });
    expect(issue(customerOwedQuery.safeParse({ ids: 'nope' }))).toBe('车主编号格式不正确');
    expect(issue(customerOwedQuery.safeParse({ ids: ',' }))).toBe('请指定车主');
    const many = Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    expect(issue(customerOwedQuery.safeParse({ ids: many }))).toBe('一次最多查询200位车主');
  });
});
