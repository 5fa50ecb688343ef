import { lotDeleteRefusal, type ParkingLot, type ParkingLotBindings, type ParkingLotInput, type ParkingLotKind } from '@parking/contract';

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

/** The confirmation's question for a lot: whether it can go, and if not, what holds it (the server's own words). */
export function lotDeleteQuestion(name: string, bindings: ParkingLotBindings): { deletable: boolean; text: string } {
  const refusal = lotDeleteRefusal(name, bindings);
  if (bindings.deletable && !refusal) return { deletable: true, text: `停车场「${name}」没有绑定车道、泊位、设备或停车记录，删除后不可恢复。确定删除吗？` };
  return { deletable: false, text: `${refusal ?? `停车场「${name}」下还有绑定的数据，请先删除后再删除停车场`}。` };
}
