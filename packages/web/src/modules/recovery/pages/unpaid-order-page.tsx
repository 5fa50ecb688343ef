import { Button } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { unpaidOrderDetailPath } from '../recovery-paths';
import { unpaidOrderResource } from '../unpaid-order.resource';

/** 联合追缴 > 欠费订单 (menu address jointRecovery/unpaidOrders); 详情 opens the plate and comes back to this page and filter. */
export function UnpaidOrderPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <ResourceListPage
      descriptor={unpaidOrderResource}
      actionsWidth={70}
      rowActions={(order) => (
        <Button type="link" size="small" onClick={() => navigate(unpaidOrderDetailPath(order.plateNumber, `${location.pathname}${location.search}`))}>
          详情
        </Button>
      )}
    />
  );
}
