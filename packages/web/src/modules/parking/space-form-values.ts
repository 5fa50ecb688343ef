import type { ParkingSpace, ParkingSpaceInput, ParkingSpaceState } from '@parking/contract';

/** What the 泊位 form's inputs hold; InputNumber leaves null when cleared. */
export type SpaceFormValues = {
  lotId: string | null;
  number: string;
  type: number;
  charging: boolean;
  sensorSn: string;
  state: ParkingSpaceState;
  lng: number | null;
  lat: number | null;
};

export function spaceToFormValues(space: ParkingSpace | undefined): SpaceFormValues {
  if (!space) return { lotId: null, number: '', type: 0, charging: false, sensorSn: '', state: 'free', lng: null, lat: null };
  return {
    lotId: space.lotId,
    number: space.number,
    type: space.type,
    charging: space.charging,
    sensorSn: space.sensorSn,
    state: space.state,
    lng: space.lng,
    lat: space.lat,
  };
}

const text = (value: string | undefined | null) => (value ?? '').trim();

export function spaceFormBody(values: SpaceFormValues): ParkingSpaceInput {
  return {
    lotId: values.lotId ?? '',
    number: text(values.number),
    type: values.type,
    charging: values.charging,
    sensorSn: text(values.sensorSn),
    state: values.state,
    lng: values.lng ?? null,
    lat: values.lat ?? null,
  };
}
