import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { laneResource } from '../lane.resource';

/** 停车场管理 > 车道 (menu address parkingAdmin/parkingLane). */
export function LanePage() {
  return <ResourceListPage descriptor={laneResource} />;
}
