import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { groupResource } from '../group.resource';

/** 停车运营 > 集团 (menu address ParkingOperations/group). */
export function GroupPage() {
  return <ResourceListPage descriptor={groupResource} />;
}
