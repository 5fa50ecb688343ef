import { checkRoleList } from '@parking/contract';
import { useSessionStore } from '../session/session-store';

/** True when the user holds every listed role. An empty list is a programming error and throws. */
export function holdsRoles(userRoles: readonly string[], required: readonly string[]): boolean {
  return checkRoleList(required).every((role) => userRoles.includes(role));
}

/** Whether the signed-in user holds every one of `roles`; re-renders when the session's roles change. */
export function useRoleGuard(roles: readonly string[]): boolean {
  const userRoles = useSessionStore((state) => state.roles);
  return holdsRoles(userRoles, roles);
}
