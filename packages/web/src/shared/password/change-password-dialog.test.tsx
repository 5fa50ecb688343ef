import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { quietComputedStyle, renderAt, saved, user } from '../../modules/system/pages/system-page-test-kit';
import { reloadPage } from '../browser/reload-page';
import { md5Hex } from '../crypto/md5';
import { installFakeApi } from '../../test/fake-api';
import { ChangePasswordDialog, passwordChangedText } from './change-password-dialog';

vi.mock('../browser/reload-page', () => ({ reloadPage: vi.fn() }));

const resetUrl = 'POST /api/system/Permission/Users/u-me/Actions/ResetPassword';

beforeAll(quietComputedStyle);
beforeEach(() => vi.mocked(reloadPage).mockClear());

const fill = async (label: string, text: string) => {
  const input = within(screen.getByRole('dialog')).getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
};
const submit = () => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定' }));

describe('修改密码 dialog', { timeout: 120_000 }, () => {
  it('asks for the current password and sends it, like the new one, only as MD5', async () => {
    const calls = installFakeApi({ [resetUrl]: saved('修改成功', { endedSessions: 0 }) });
    renderAt('/', '/', <ChangePasswordDialog open userId="u-me" onClose={() => undefined} />);
    await screen.findByRole('dialog');
    await submit();
    expect(await screen.findByText('请输入当前密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await fill('当前密码', 'old123');
    await fill('新密码', 'new123');
    await fill('确认密码', 'new123');
    await submit();

    expect(await screen.findByText(passwordChangedText)).toBeTruthy();
    expect(JSON.parse(String(calls[0]?.data))).toEqual({
      id: 'u-me',
      oldPassword: md5Hex('old123'),
      userPassword: md5Hex('new123'),
      validatePassword: md5Hex('new123'),
    });
    await waitFor(() => expect(reloadPage).toHaveBeenCalled(), { timeout: 3000 });
  });

  it('shows the server’s refusal of a wrong current password and stays open', async () => {
    installFakeApi({ [resetUrl]: { status: 400, body: { code: 400, msg: '当前密码不正确', data: { captchaRequired: false } } } });
    renderAt('/', '/', <ChangePasswordDialog open userId="u-me" onClose={() => undefined} />);
    await screen.findByRole('dialog');
    await fill('当前密码', 'guess1');
    await fill('新密码', 'new123');
    await fill('确认密码', 'new123');
    await submit();
    expect(await screen.findByText('当前密码不正确')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
