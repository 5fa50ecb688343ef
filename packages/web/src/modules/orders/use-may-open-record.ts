import { useSessionStore } from '../../shared/session/session-store';
import { parkingRecordPermission } from './record-paths';

/** Whether the signed-in user may open a record's 详情; a link to it is shown only then, never to lead to 401. */
export const useMayOpenRecord = () => useSessionStore((state) => state.permissions.includes(parkingRecordPermission));
