import { parkingLotKindNames, parkingLotEndpoints, type ParkingLot, type ParkingLotListQuery } from '@parking/contract';
import { Tag } from 'antd';
import { defineResource, type ValueEnum } from '../../shared/resource/resource-types';
import { AreaSelect, LotTypeLabel, LotTypeSelect, TariffName } from './components/parking-selects';
import { enabledColumn } from './enabled-column';
import { LotFormInputs } from './lot-form';
import { lotFormBody, lotToFormValues, type LotFormValues } from './lot-form-values';
import { parkingLotResourceKey } from './parking-api';

export const lotKindEnum: ValueEnum = {
  lane: { text: parkingLotKindNames.lane },
  space: { text: parkingLotKindNames.space },
};

/** 停车场管理 > 停车场: a lot, where it is, how many spaces it has and how many are free. */
export const lotResource = defineResource<ParkingLot, ParkingLotListQuery>({
  resource: parkingLotResourceKey,
  name: '停车场',
  endpoints: parkingLotEndpoints,
  rowKey: 'id',
  // 编辑 and 删除 are the page's own, so that 删除 (which first asks what is bound to the lot) comes last
  actions: { create: true, export: true },
  columns: [
    { dataIndex: 'name', title: '停车场名称', priority: 'key', width: 160, sortable: true },
    {
      dataIndex: 'type',
      title: '类型',
      width: 100,
      sortable: true,
      input: () => <LotTypeSelect place="search" />,
      render: (_value, lot) => <LotTypeLabel value={lot.type} />,
    },
    { dataIndex: 'kind', title: '模式', priority: 'secondary', width: 90, valueEnum: lotKindEnum },
    {
      dataIndex: 'areaName',
      title: '片区',
      priority: 'secondary',
      width: 140,
      search: { param: 'areaId' },
      input: () => <AreaSelect place="search" />,
    },
    { dataIndex: 'address', title: '地址', priority: 'secondary', width: 200, ellipsis: true, hideInSearch: true },
    {
      dataIndex: 'freeCount',
      title: '空闲/总车位',
      width: 110,
      hideInSearch: true,
      sortable: true,
      render: (_value, lot) => (
        <span className="lot-free">
          <strong>{lot.freeCount}</strong> / {lot.totalSpaces}
        </span>
      ),
    },
    { dataIndex: 'longRentalSpaces', title: '长租', priority: 'secondary', width: 70, hideInSearch: true },
    { dataIndex: 'chargingSpaces', title: '充电', priority: 'secondary', width: 70, hideInSearch: true },
    {
      dataIndex: 'managers',
      title: '管理员',
      priority: 'secondary',
      width: 160,
      hideInSearch: true,
      render: (_value, lot) => lot.managers.map((manager) => <Tag key={manager.id}>{manager.name}</Tag>),
    },
    { dataIndex: 'tariffId', title: '计费规则', priority: 'secondary', width: 160, ellipsis: true, hideInSearch: true, render: (_value, lot) => <TariffName id={lot.tariffId} /> },
    enabledColumn<ParkingLot, ParkingLotListQuery>(),
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
  ],
  form: {
    Inputs: LotFormInputs,
    width: 960,
    toValues: lotToFormValues,
    // the form holds exactly the fields toValues gave it, checked by its rules
    toBody: (values, lot) => lotFormBody(values as LotFormValues, lot),
  },
});
