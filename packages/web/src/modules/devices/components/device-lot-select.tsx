import type { DeviceParkingType } from '@parking/contract';
import { OptionSelect } from '../../../shared/components/option-select';
import type { PickerProps } from '../../../shared/components/picker';
import { useDeviceLotOptions } from '../devices-api';

/** One lot of the page's parking type: road-side lots on 路内设备, the others on 路外设备. */
export function DeviceLotSelect({ parkingType, ...props }: PickerProps<string | null | undefined> & { parkingType?: DeviceParkingType }) {
  const lots = useDeviceLotOptions(parkingType);
  return <OptionSelect {...props} options={lots.data} loading={lots.isLoading} placeholder="请选择停车场" notFoundContent="暂无停车场" />;
}
