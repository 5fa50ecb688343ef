import { Button } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { arrearsDetailPath } from '../recovery-paths';
import { arrearsResource } from '../arrears.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { arrearsResource as openingList } from '../arrears.resource';

/** 联合追缴 > 欠费订单 (menu address jointRecovery/unpaidOrders); 详情 opens the plate and comes back to this page and filter. */
export function ArrearsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <ResourceListPage
      descriptor={arrearsResource}
      actionsWidth={70}
      rowActions={(order) => (
        <Button type="link" size="small" onClick={() => navigate(arrearsDetailPath(order.plateNumber, `${location.pathname}${location.search}`))}>
          详情
        </Button>
      )}
    />
  );
}
