import { Button } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { parkingRecordResource } from '../parking-record.resource';
import { parkingRecordDetailPath } from '../record-paths';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { parkingRecordResource as openingList } from '../parking-record.resource';

/** 订单管理 > 停车记录 (menu address OrderManagement/ParkingRecordOrder); 详情 comes back to this very page and filter. */
export function ParkingRecordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <ResourceListPage
      descriptor={parkingRecordResource}
      actionsWidth={70}
      rowActions={(record) => (
        <Button type="link" size="small" onClick={() => navigate(parkingRecordDetailPath(record.id, `${location.pathname}${location.search}`))}>
          详情
        </Button>
      )}
    />
  );
}
