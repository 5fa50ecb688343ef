import { Link, useLocation } from 'react-router';

/**
 * 停车订单详情 of a record, coming back to this list. Marketing sits below orders and may not import
 * it, so it names the address itself, as the bell's messages do for the pages above them.
 */
const recordDetailAddress = (id: string, back: string) => `/OrderManagement/parkingRecordOrderInfo/${encodeURIComponent(id)}?restBack=${encodeURIComponent(back)}`;

/** The stay a coupon is bound to or was used on, as a link to its detail; none yet is a dash. */
export function CouponRecordLink({ recordId }: { recordId: string | null }) {
  const location = useLocation();
  if (!recordId) return <>—</>;
  return <Link to={recordDetailAddress(recordId, `${location.pathname}${location.search}`)}>查看</Link>;
}
