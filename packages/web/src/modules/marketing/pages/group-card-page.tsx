import type { GroupCard } from '@parking/contract';
import { App, Button } from 'antd';
import { ApiError } from '../../../shared/http/api-error';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { groupCardResource } from '../group-card.resource';
import { downloadGroupCardQrCode } from '../marketing-api';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { groupCardResource as openingList } from '../group-card.resource';

/** 停车运营 > 集团卡 (menu address ParkingOperations/groupCard): the cards, each with its QR code to print. */
export function GroupCardPage() {
  const { message } = App.useApp();
  const download = async (card: GroupCard) => {
    try {
      message.success(`已下载 ${await downloadGroupCardQrCode(card)}`);
    } catch (error) {
      // the HTTP layer has shown the server's message
      if (!(error instanceof ApiError)) message.error('下载集团卡二维码失败');
    }
  };
  return (
    <ResourceListPage
      descriptor={groupCardResource}
      actionsWidth={170}
      rowActions={(card) => (
        <Button type="link" size="small" onClick={() => void download(card)}>
          二维码
        </Button>
      )}
    />
  );
}
