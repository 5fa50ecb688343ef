import { groupCardEndpoints, groupEndpoints, pathOf, type GroupCard } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { downloadFile } from '../../shared/resource/export-download';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key roots: a save of a group refreshes the card page's group picker. */
export const groupResourceKey = 'group';
export const groupCardResourceKey = 'groupCard';

/** Every group of the tenant, for the 集团卡 pickers. */
export const useGroupOptions = () =>
  useQuery({
    queryKey: [...resourceKeys.all(groupResourceKey), 'options'],
    queryFn: () => call(groupEndpoints.options),
  });

/** The card's QR code PNG, saved as the server names it. */
export const downloadGroupCardQrCode = (card: Pick<GroupCard, 'id' | 'cardNo'>) => downloadFile(pathOf(groupCardEndpoints.qrcode, { id: card.id }), {}, `集团卡-${card.cardNo}.png`);
