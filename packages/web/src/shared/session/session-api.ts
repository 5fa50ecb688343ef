import { authEndpoints, currentUser as currentUserSchema, type CurrentUser } from '@parking/contract';
import { call } from '../http/call';

/** Silent: a failure here logs out and reloads; parsed so a drifted answer fails here, not in the menu code. */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  return currentUserSchema.parse(await call(authEndpoints.currentUser, { silent: true }));
}

export const signOutOnServer = (): Promise<unknown> => call(authEndpoints.logout, { silent: true });
