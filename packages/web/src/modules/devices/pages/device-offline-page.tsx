import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { offlineTaskResource } from '../offline-task.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { offlineTaskResource as openingList } from '../offline-task.resource';

/** 设备运维 > 设备离线任务 (menu address SysOperations/deviceOffline); tasks are opened and closed by the devices, never typed in. */
export function DeviceOfflinePage() {
  return <ResourceListPage descriptor={offlineTaskResource} />;
}
