import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { positionResource } from '../position.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { positionResource as openingList } from '../position.resource';

/** 系统管理 > 岗位 (menu address system/position). */
export function PositionPage() {
  return <ResourceListPage descriptor={positionResource} />;
}
