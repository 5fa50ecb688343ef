import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { systemMessageResource } from '../messages.resource';

/** 系统管理 > 系统消息 (menu address system/message). */
export function SystemMessagePage() {
  return <ResourceListPage descriptor={systemMessageResource} />;
}
