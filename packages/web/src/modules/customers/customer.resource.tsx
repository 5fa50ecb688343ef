import { customerEndpoints, customerSourceNames, maskMobile, type Customer, type CustomerListQuery } from '@parking/contract';
import { defineResource, type ValueEnum } from '../../shared/resource/resource-types';
import { enabledColumn } from '../parking';
import { OwnerOwedCell } from './components/owner-owed-cell';
import { CustomerFormInputs, customerFormBody, customerToFormValues, type CustomerFormValues } from './customer-form';
import { customerResourceKey } from './customers-api';

export const customerSourceEnum: ValueEnum = Object.fromEntries(Object.entries(customerSourceNames).map(([source, text]) => [source, { text }]));

/** 车主管理 > 车主: one owner account per phone, with the vehicles bound to it. */
export const customerResource = defineResource<Customer, CustomerListQuery>({
  resource: customerResourceKey,
  name: '车主',
  endpoints: customerEndpoints,
  rowKey: 'id',
  recordName: (owner) => maskMobile(owner.phone),
  actions: { create: true, export: true },
  columns: [
    // masked as everywhere a phone is listed; the search takes any part of the number
    { dataIndex: 'phone', title: '手机号', priority: 'key', width: 130, sortable: true, render: (_value, owner) => maskMobile(owner.phone), search: { placeholder: '请输入手机号' } },
    { dataIndex: 'nickname', title: '昵称', width: 140, hideInSearch: true },
    { dataIndex: 'source', title: '注册来源', priority: 'secondary', width: 100, hideInSearch: true, valueEnum: customerSourceEnum },
    { dataIndex: 'vehicleCount', title: '绑定车辆数', width: 100, hideInSearch: true },
    // what the owner's plates owe now, asked for the whole page at once
    { dataIndex: 'id', key: 'owed', title: '欠费(元)', width: 100, hideInSearch: true, render: (_value, owner) => <OwnerOwedCell id={owner.id} /> },
    { dataIndex: 'vehicleCount', key: 'plateNumber', title: '车牌号', hideInTable: true, search: { param: 'plateNumber', placeholder: '请输入车牌号' } },
    { ...enabledColumn<Customer, CustomerListQuery>(), priority: 'key' },
    { dataIndex: 'registeredAt', title: '注册时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
    // the API filters by Shanghai days, both ends included
    { dataIndex: 'registeredAt', key: 'registeredFrom', title: '注册开始日期', valueType: 'date', hideInTable: true, search: { param: 'registeredFrom', placeholder: '开始日期' } },
    { dataIndex: 'registeredAt', key: 'registeredTo', title: '注册结束日期', valueType: 'date', hideInTable: true, search: { param: 'registeredTo', placeholder: '结束日期' } },
  ],
  form: {
    Inputs: CustomerFormInputs,
    width: 560,
    toValues: customerToFormValues,
    toBody: (values) => customerFormBody(values as CustomerFormValues),
  },
});
