import { Button } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { messageTarget } from '../components/message-target';
import { systemMessageResource } from '../messages.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { systemMessageResource as openingList } from '../messages.resource';

/** 系统管理 > 系统消息 (menu address system/message): 查看 opens a message's page as the message bell does; a type with no page has none. */
export function SystemMessagePage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <ResourceListPage
      descriptor={systemMessageResource}
      rowActions={(message) => {
        const target = messageTarget(message, pathname);
        return (
          target && (
            <Button type="link" size="small" onClick={() => navigate(target)}>
              查看
            </Button>
          )
        );
      }}
    />
  );
}
