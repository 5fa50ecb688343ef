import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { areaResource } from '../area.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { areaResource as openingList } from '../area.resource';

/** 停车场管理 > 片区 (menu address parkingAdmin/parkingArea); the server refuses to delete an area that still has lots. */
export function AreaPage() {
  return <ResourceListPage descriptor={areaResource} />;
}
