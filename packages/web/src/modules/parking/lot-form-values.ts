import type { ParkingLot, ParkingLotBindings, ParkingLotInput, ParkingLotKind } from '@parking/contract';

/** What the 停车场 form's inputs hold: the three division codes sit in one cascader value. */
export type LotFormValues = {
  name: string;
  areaId: string | null;
  type: number | null;
  kind: ParkingLotKind;
  address: string;
  /** [province, city, district], shorter where a level is missing */
  region: string[];
  lng: number | null;
  lat: number | null;
  totalSpaces: number | null;
  longRentalSpaces: number | null;
  reservedSpaces: number | null;
  chargingSpaces: number | null;
  selfOperated: boolean;
  prepay: boolean;
  managerIds: string[];
  enabled: boolean;
  /** 计费规则; null: none */
  tariffId: string | null;
};

export function lotToFormValues(lot: ParkingLot | undefined): LotFormValues {
  if (!lot) {
    return {
      name: '',
      areaId: null,
      type: null,
      kind: 'lane',
      address: '',
      region: [],
      lng: null,
      lat: null,
      totalSpaces: 0,
      longRentalSpaces: 0,
      reservedSpaces: 0,
      chargingSpaces: 0,
      selfOperated: true,
      prepay: false,
      managerIds: [],
      enabled: true,
      tariffId: null,
    };
  }
  return {
    name: lot.name,
    areaId: lot.areaId,
    type: lot.type,
    kind: lot.kind,
    address: lot.address,
    region: [lot.provinceCode, lot.cityCode, lot.districtCode].filter((code) => code !== ''),
    lng: lot.lng,
    lat: lot.lat,
    totalSpaces: lot.totalSpaces,
    longRentalSpaces: lot.longRentalSpaces,
    reservedSpaces: lot.reservedSpaces,
    chargingSpaces: lot.chargingSpaces,
    selfOperated: lot.selfOperated,
    prepay: lot.prepay,
    // only managers still in the tenant: a picker cannot show an id it has no name for
    managerIds: lot.managers.map((manager) => manager.id),
    enabled: lot.enabled,
    tariffId: lot.tariffId,
  };
}

const text = (value: string | undefined | null) => (value ?? '').trim();
const count = (value: number | null | undefined) => value ?? 0;

/** The form's values → the POST/PUT body; the space-leave flag has its own switch elsewhere, so an edit keeps it. */
export function lotFormBody(values: LotFormValues, lot: ParkingLot | undefined): ParkingLotInput {
  const [provinceCode = '', cityCode = '', districtCode = ''] = values.region ?? [];
  return {
    name: text(values.name),
    areaId: values.areaId ?? null,
    type: values.type ?? 0,
    kind: values.kind,
    address: text(values.address),
    provinceCode,
    cityCode,
    districtCode,
    lng: values.lng ?? null,
    lat: values.lat ?? null,
    totalSpaces: count(values.totalSpaces),
    longRentalSpaces: count(values.longRentalSpaces),
    reservedSpaces: count(values.reservedSpaces),
    chargingSpaces: count(values.chargingSpaces),
    selfOperated: values.selfOperated,
    prepay: values.prepay,
    managerIds: [...(values.managerIds ?? [])],
    enabled: values.enabled,
    longRentalSpaceLeave: lot?.longRentalSpaceLeave ?? false,
    tariffId: values.tariffId ?? null,
  };
}

/** What the delete confirmation says is bound to a lot: "1条车道、2个泊位", or '' when nothing is. */
export function bindingsText(bindings: ParkingLotBindings): string {
  const parts = [
    bindings.lanes > 0 ? `${bindings.lanes}条车道` : '',
    bindings.spaces > 0 ? `${bindings.spaces}个泊位` : '',
    bindings.longRentals > 0 ? `${bindings.longRentals}个长租车位` : '',
    bindings.devices > 0 ? `${bindings.devices}台设备` : '',
    bindings.openOrders > 0 ? `${bindings.openOrders}笔未结束订单` : '',
  ].filter((part) => part !== '');
  return parts.join('、');
}

/** The confirmation's question for a lot: whether it can go, and if not, what holds it. */
export function lotDeleteQuestion(name: string, bindings: ParkingLotBindings): { deletable: boolean; text: string } {
  const bound = bindingsText(bindings);
  if (bindings.deletable && bound === '') return { deletable: true, text: `停车场「${name}」没有绑定车道、泊位或未结束订单，删除后不可恢复。确定删除吗？` };
  return { deletable: false, text: `停车场「${name}」下还有${bound || '绑定的数据'}，请先删除后再删除停车场。` };
}
