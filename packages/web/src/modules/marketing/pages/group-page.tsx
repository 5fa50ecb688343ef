import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { groupResource } from '../group.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { groupResource as openingList } from '../group.resource';

/** 停车运营 > 集团 (menu address ParkingOperations/group). */
export function GroupPage() {
  return <ResourceListPage descriptor={groupResource} />;
}
