import type { ParkingArea, ParkingAreaInput } from '@parking/contract';

/** What the 片区 form's inputs hold; InputNumber leaves null when cleared. */
export type AreaFormValues = {
  name: string;
  address: string;
  floor: string;
  lng: number | null;
  lat: number | null;
  inspectorIds: string[];
  checkInRange: number | null;
  description: string;
  enabled: boolean;
};

/** The contract's default check-in radius, in metres. */
export const defaultCheckInRange = 100;

export function areaToFormValues(area: ParkingArea | undefined): AreaFormValues {
  if (!area) {
    return { name: '', address: '', floor: '', lng: null, lat: null, inspectorIds: [], checkInRange: defaultCheckInRange, description: '', enabled: true };
  }
  return {
    name: area.name,
    address: area.address,
    floor: area.floor,
    lng: area.lng,
    lat: area.lat,
    // only inspectors still in the tenant: a picker cannot show an id it has no name for
    inspectorIds: area.inspectors.map((inspector) => inspector.id),
    checkInRange: area.checkInRange,
    description: area.description,
    enabled: area.enabled,
  };
}

const text = (value: string | undefined | null) => (value ?? '').trim();

export function areaFormBody(values: AreaFormValues): ParkingAreaInput {
  return {
    name: text(values.name),
    address: text(values.address),
    floor: text(values.floor),
    lng: values.lng ?? null,
    lat: values.lat ?? null,
    inspectorIds: [...(values.inspectorIds ?? [])],
    checkInRange: values.checkInRange ?? defaultCheckInRange,
    description: text(values.description),
    enabled: values.enabled,
  };
}
