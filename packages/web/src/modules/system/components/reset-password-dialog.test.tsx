import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../../../shared/crypto/md5';
import { installFakeApi } from '../../../test/fake-api';
import { quietComputedStyle, renderAt, saved, systemUser, user } from '../pages/system-page-test-kit';
import { passwordResetText, ResetPasswordDialog } from './reset-password-dialog';

beforeAll(quietComputedStyle);

describe('重置密码 dialog', { timeout: 120_000 }, () => {
  it('checks the password rules, then sends both passwords as MD5 and closes', async () => {
    const calls = installFakeApi({
      'POST /api/system/Permission/Users/u-zs/Actions/ResetPassword': saved('修改成功', { endedSessions: 1 }),
    });
    const onClose = vi.fn();
    renderAt('/', '/', <ResetPasswordDialog user={systemUser({ id: 'u-zs', account: 'zhangsan', realName: '张三' })} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('重置密码：张三（zhangsan）')).toBeTruthy();

    await user.click(within(dialog).getByLabelText('新密码'));
    await user.paste('abcdef');
    await user.click(within(dialog).getByLabelText('确认密码'));
    await user.paste('abcdeg');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('密码应当至少6位且含有数字、字母')).toBeTruthy();
    expect(await within(dialog).findByText('两次输入的密码不一致')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('新密码'));
    await user.paste('new123');
    await user.clear(within(dialog).getByLabelText('确认密码'));
    await user.paste('new123');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    expect(await screen.findByText(passwordResetText)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(JSON.parse(String(calls[0]?.data))).toEqual({ id: 'u-zs', userPassword: md5Hex('new123'), validatePassword: md5Hex('new123') });
  });
});
