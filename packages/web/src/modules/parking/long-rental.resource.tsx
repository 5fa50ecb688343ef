import { formatAmount, longRentalEndpoints, longRentalStateNames, maskMobile, type LongRental, type LongRentalListQuery } from '@parking/contract';
import { defineResource, type ValueEnum } from '../../shared/resource/resource-types';
import { LotSelect, PlateColourLabel } from './components/parking-selects';
import { enabledColumn } from './enabled-column';
import { LongRentalFormInputs } from './long-rental-form';
import { longRentalFormBody, longRentalToFormValues, type LongRentalFormValues } from './long-rental-form-values';
import { longRentalResourceKey } from './parking-api';

export const longRentalStateEnum: ValueEnum = {
  active: { text: longRentalStateNames.active, status: 'success' },
  pending: { text: longRentalStateNames.pending, status: 'processing' },
  expired: { text: longRentalStateNames.expired, status: 'default' },
};

/** 停车场管理 > 长租车位: a plate's monthly card on a lot, in force between two business days. */
export const longRentalResource = defineResource<LongRental, LongRentalListQuery>({
  resource: longRentalResourceKey,
  name: '长租车位',
  endpoints: longRentalEndpoints,
  rowKey: 'id',
  recordName: (rental) => rental.plateNumber,
  actions: { create: true, update: true, remove: true, export: true },
  columns: [
    { dataIndex: 'plateNumber', title: '车牌号', priority: 'key', width: 120, sortable: true, search: { placeholder: '请输入车牌号关键字' } },
    { dataIndex: 'plateColour', title: '车牌颜色', priority: 'secondary', width: 90, hideInSearch: true, render: (_value, card) => <PlateColourLabel value={card.plateColour} /> },
    { dataIndex: 'lotName', title: '停车场', width: 140, search: { param: 'lotId' }, input: () => <LotSelect place="search" /> },
    { dataIndex: 'ownerName', title: '车主姓名', width: 100, hideInSearch: true },
    { dataIndex: 'phone', title: '联系电话', priority: 'secondary', width: 120, hideInSearch: true, render: (_value, card) => maskMobile(card.phone) },
    { dataIndex: 'validFrom', title: '有效期', width: 200, hideInSearch: true, sortable: true, render: (_value, card) => `${card.validFrom} 至 ${card.validTo}` },
    { dataIndex: 'monthlyPrice', title: '月租金额(元)', width: 110, hideInSearch: true, render: (_value, card) => formatAmount(card.monthlyPrice) },
    { dataIndex: 'spaceCount', title: '车位数', priority: 'secondary', width: 80, hideInSearch: true },
    { dataIndex: 'state', title: '状态', priority: 'key', width: 90, valueEnum: longRentalStateEnum },
    { ...enabledColumn<LongRental, LongRentalListQuery>(), title: '启用' },
    { dataIndex: 'remark', title: '备注', priority: 'secondary', width: 160, ellipsis: true, hideInSearch: true },
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
  ],
  form: {
    Inputs: LongRentalFormInputs,
    width: 760,
    toValues: longRentalToFormValues,
    // the form holds exactly the fields toValues gave it, checked by its rules
    toBody: (values) => longRentalFormBody(values as LongRentalFormValues),
  },
});
