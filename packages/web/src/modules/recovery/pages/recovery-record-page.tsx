import { Button } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { parkingRecordDetailPath } from '../../orders';
import { recoveryRecordResource } from '../recovery-record.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { recoveryRecordResource as openingList } from '../recovery-record.resource';

/** 联合追缴 > 追缴记录 (menu address jointRecovery/recoveryRecord); 订单 opens the record the money settled. */
export function RecoveryRecordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <ResourceListPage
      descriptor={recoveryRecordResource}
      actionsWidth={70}
      rowActions={(recovery) => (
        <Button type="link" size="small" onClick={() => navigate(parkingRecordDetailPath(recovery.recordId, `${location.pathname}${location.search}`))}>
          订单
        </Button>
      )}
    />
  );
}
