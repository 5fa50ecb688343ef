import type { DeviceParkingType } from '@parking/contract';
import { Select } from 'antd';
import { pickerWidth, type PickerProps } from '../../../shared/components/picker';
import { useDeviceLotOptions } from '../devices-api';

/** One lot of the page's parking type: road-side lots on 路内设备, the others on 路外设备. */
export function DeviceLotSelect({ value, onChange, place = 'form', id, parkingType }: PickerProps<string | null | undefined> & { parkingType?: DeviceParkingType }) {
  const lots = useDeviceLotOptions(parkingType);
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? null)}
      options={lots.data ?? []}
      loading={lots.isLoading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择停车场"
      notFoundContent="暂无停车场"
      style={{ width: pickerWidth(place) }}
    />
  );
}
