import type { MenuItem, UserInfo } from '@parking/contract';
import { create } from 'zustand';
import { fetchCurrentUser, signOutOnServer } from './session-api';
import { reloadPage } from '../browser/reload-page';
import { getToken, removeToken, setToken } from '../http/token-cookie';

/** Every signed-in user holds exactly this one role. */
export const defaultSystemRole = 'ROLE_SYSTEM_DEFAULT';

/** The token itself lives only in its cookie (shared/http/token-cookie); this holds what came with it. */
export interface SessionState {
  roles: string[];
  user: UserInfo | null;
  menuList: MenuItem[];
  permissions: string[];
  signedIn: (token: string, rememberMe: boolean) => void;
  loadCurrentUser: () => Promise<void>;
  signOut: () => Promise<void>;
  clearSession: () => void;
}

let inFlight: Promise<void> | null = null;

export const useSessionStore = create<SessionState>()((set, get) => ({
  roles: [],
  user: null,
  menuList: [],
  permissions: [],

  signedIn: (token, rememberMe) => {
    setToken(token, rememberMe);
    set({ roles: [] });
  },

  // Several navigations may ask at once; they share one CurrentUser call.
  loadCurrentUser: () => {
    inFlight ??= fetchCurrentUser()
      .then((current) => {
        if (getToken() === null) return; // signed out while the call was under way
        set({
          user: current.userInfo,
          menuList: current.menuList,
          permissions: current.permissionList,
          roles: [defaultSystemRole],
        });
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },

  signOut: async () => {
    await endSession();
    get().clearSession();
  },

  clearSession: () => {
    removeToken();
    set({ roles: [], user: null, menuList: [], permissions: [] });
  },
}));

/** Ends the session on the server and drops its token; the local session ends even when the server call fails. */
async function endSession(): Promise<void> {
  try {
    if (getToken()) await signOutOnServer();
  } catch {
    // the token is dropped locally either way
  } finally {
    removeToken();
  }
}

/**
 * Log out and start over from the sign-in page, as after every session failure. The page in view
 * stays until the reload: clearing the store first would show the login page for a moment, and
 * whatever was typed into it would go with the reload.
 */
export async function signOutAndReload(): Promise<void> {
  await endSession();
  reloadPage();
}
