import { useSessionStore } from '../../../shared/session/session-store';
import type { MessageViewer } from './message-tabs';

/** Tenant and first position of the signed-in user: what decides whether only the finance tab shows. */
export function useMessageViewer(): MessageViewer {
  const tenantCode = useSessionStore((state) => state.user?.tenantCode ?? '');
  const firstPositionCode = useSessionStore((state) => state.user?.positionIds[0]?.code);
  return { tenantCode, firstPositionCode };
}
