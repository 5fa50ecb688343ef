import { Link, useLocation } from 'react-router';
import { useSessionStore } from '../../../shared/session/session-store';

/**
 * 停车订单详情 of a record, coming back to this list. Marketing sits below orders and may not import
 * it, so it names the address itself, as the bell's messages do for the pages above them.
 */
const recordDetailAddress = (id: string, back: string) => `/OrderManagement/parkingRecordOrderInfo/${encodeURIComponent(id)}?restBack=${encodeURIComponent(back)}`;
/** the permission the detail's data needs (orders' parkingRecordPermission) */
const recordPermission = 'ParkingRecordOrder';

/** The stay a coupon is bound to or was used on, as a link to its detail for those who may open it; none yet is a dash. */
export function CouponRecordLink({ recordId }: { recordId: string | null }) {
  const location = useLocation();
  const mayOpen = useSessionStore((state) => state.permissions.includes(recordPermission));
  if (!recordId) return <>—</>;
  if (!mayOpen) return <>已关联</>;
  return <Link to={recordDetailAddress(recordId, `${location.pathname}${location.search}`)}>查看</Link>;
}
