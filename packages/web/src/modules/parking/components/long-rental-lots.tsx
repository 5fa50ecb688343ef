import type { LongRentalLot } from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Skeleton, Switch, Tooltip } from 'antd';
import { useSessionStore } from '../../../shared/session/session-store';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { longRentalResourceKey, parkingLotResourceKey, setLongRentalSpaceLeave, useLongRentalLots } from '../parking-api';

/** the 停车场 page's enCode: the flag is a lot setting, changed by those who manage lots */
const lotPermission = 'parkingList';
const leaveHint = '开启后，长租车离场期间其车位计入空闲车位，可供临停车辆使用';

/** Per lot above the cards: its long-rental spaces, the cards in force and the space-leave switch. */
export function LongRentalLots() {
  const lots = useLongRentalLots();
  if (!lots.data) return <Skeleton.Input active block className="long-rental-lots" />;
  return (
    <div className="long-rental-lots" aria-label="停车场长租概况">
      {lots.data.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无设置长租车位的停车场" /> : lots.data.map((lot) => <LotCard key={lot.lotId} lot={lot} />)}
    </div>
  );
}

function LotCard({ lot }: { lot: LongRentalLot }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mayChange = useSessionStore((state) => state.permissions.includes(lotPermission));
  const toggle = useMutation({
    mutationFn: (on: boolean) => setLongRentalSpaceLeave(lot.lotId, on),
    onSuccess: async (_data, on) => {
      message.success(on ? '已开启长租车位离场释放' : '已关闭长租车位离场释放');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.all(longRentalResourceKey) }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.all(parkingLotResourceKey) }),
      ]);
    },
  });
  return (
    <div className="long-rental-lot" data-lot={lot.lotName}>
      <div className="long-rental-lot-name">{lot.lotName}</div>
      <div className="long-rental-lot-figures">
        长租车位 <strong>{lot.longRentalSpaces}</strong> · 生效中 <strong>{lot.activeCards}</strong> 张，占 <strong>{lot.rentedSpaces}</strong> 位
      </div>
      <Tooltip title={mayChange ? leaveHint : `${leaveHint}（需要停车场管理权限）`}>
        <label className="long-rental-lot-leave">
          <Switch
            size="small"
            checked={lot.longRentalSpaceLeave}
            loading={toggle.isPending}
            disabled={!mayChange}
            aria-label={`${lot.lotName}长租车位离场释放`}
            // a refusal was reported by the HTTP layer; the switch stays as the server has it
            onChange={(on) => toggle.mutate(on)}
          />
          离场释放
        </label>
      </Tooltip>
    </div>
  );
}
