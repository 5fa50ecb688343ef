import { userEndpoints, type ResetPasswordInput } from '@parking/contract';
import { md5Hex } from '../crypto/md5';
import { callEnvelope } from '../http/call';

/** An administrator's reset of another user (new password and confirmation); every value leaves the browser only as MD5 hex. */
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
  const answer = await callEnvelope(userEndpoints.resetPassword, {
    params: { id: userId },
    body: changeOwnPasswordBody(userId, current, password, confirmation),
    silent: true,
  });
  return answer.msg;
}
