import type { ParkingLane, ParkingLaneDirection, ParkingLaneInput } from '@parking/contract';

/** What the 车道 form's inputs hold; InputNumber leaves null when cleared. */
export type LaneFormValues = {
  lotId: string | null;
  name: string;
  direction: ParkingLaneDirection;
  releaseAfterPayment: boolean;
  sortCode: number | null;
  enabled: boolean;
};

export function laneToFormValues(lane: ParkingLane | undefined): LaneFormValues {
  if (!lane) return { lotId: null, name: '', direction: 'in', releaseAfterPayment: true, sortCode: 0, enabled: true };
  return {
    lotId: lane.lotId,
    name: lane.name,
    direction: lane.direction,
    releaseAfterPayment: lane.releaseAfterPayment,
    sortCode: lane.sortCode,
    enabled: lane.enabled,
  };
}

export function laneFormBody(values: LaneFormValues): ParkingLaneInput {
  return {
    // the form's required rule keeps a lot chosen; the server names it if not
    lotId: values.lotId ?? '',
    name: (values.name ?? '').trim(),
    direction: values.direction,
    releaseAfterPayment: values.releaseAfterPayment,
    sortCode: values.sortCode ?? 0,
    enabled: values.enabled,
  };
}
