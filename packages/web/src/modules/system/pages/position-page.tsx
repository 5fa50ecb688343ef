import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { positionResource } from '../position.resource';

/** 系统管理 > 岗位 (menu address system/position). */
export function PositionPage() {
  return <ResourceListPage descriptor={positionResource} />;
}
