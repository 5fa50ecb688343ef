import { userPaths, type ResetPasswordInput } from '@parking/contract';
import { md5Hex } from '../../shared/crypto/md5';
import { http } from '../../shared/http/http-client';

/** Both values leave the browser only as MD5 hex, like the sign-in password. */
export const resetPasswordBody = (userId: string, password: string, confirmation: string): ResetPasswordInput => ({
  id: userId,
  userPassword: md5Hex(password),
  validatePassword: md5Hex(confirmation),
});

/** Silent: the dialog shows the server's msg itself; resolves to the success msg. */
export async function resetOwnPassword(userId: string, password: string, confirmation: string): Promise<string> {
  const response = await http.post<{ code: number; msg: string }>(
    userPaths.resetPassword.replace(':id', encodeURIComponent(userId)),
    resetPasswordBody(userId, password, confirmation),
    { silent: true },
  );
  return response.data.msg;
}
