import { userPaths, type ResetPasswordInput } from '@parking/contract';
import { md5Hex } from '../../shared/crypto/md5';
import { http } from '../../shared/http/http-client';

/** An administrator's reset of another user (the spec's form); every value leaves the browser only as MD5 hex. */
export const resetPasswordBody = (userId: string, password: string, confirmation: string): ResetPasswordInput => ({
  id: userId,
  userPassword: md5Hex(password),
  validatePassword: md5Hex(confirmation),
});

/** One's own change: the reset form plus the current password, which the server checks. */
export const changeOwnPasswordBody = (userId: string, current: string, password: string, confirmation: string): ResetPasswordInput => ({
  ...resetPasswordBody(userId, password, confirmation),
  oldPassword: md5Hex(current),
});

/** Silent: the dialog shows the server's msg itself; resolves to the success msg. */
export async function changeOwnPassword(userId: string, current: string, password: string, confirmation: string): Promise<string> {
  const response = await http.post<{ code: number; msg: string }>(
    userPaths.resetPassword.replace(':id', encodeURIComponent(userId)),
    changeOwnPasswordBody(userId, current, password, confirmation),
    { silent: true },
  );
  return response.data.msg;
}
