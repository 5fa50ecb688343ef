import { abnormalReasonNames, parkingRecordEndpoints, plateColourName, stayLength, type ParkingRecord, type ParkingRecordListQuery } from '@parking/contract';
import { Tag, Tooltip } from 'antd';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource } from '../../shared/resource/resource-types';
import { LotSelect } from '../parking';
import { MoneyFilterInput } from '../../shared/resource/fields/money-field';
import { parkingRecordResourceKey } from './orders-api';
import { plateColourEnum, plateMatchEnum, recordStateEnum } from './record-options';

/** 订单管理 > 停车记录: every stay the lanes and spaces reported, with its money. Records are read-only here. */
export const parkingRecordResource = defineResource<ParkingRecord, ParkingRecordListQuery>({
  resource: parkingRecordResourceKey,
  name: '停车记录',
  endpoints: parkingRecordEndpoints,
  rowKey: 'id',
  actions: { export: true },
  columns: [
    { dataIndex: 'lotName', title: '停车场', width: 180, hideInTable: true, search: { param: 'lotId' }, input: () => <LotSelect place="search" /> },
    {
      dataIndex: 'plateNumber',
      title: '车牌号',
      priority: 'key',
      width: 120,
      sortable: true,
      render: (_value, record) => <PlateText plate={record.plateNumber} colour={record.plateColour} />,
    },
    { dataIndex: 'plateNumber', title: '匹配方式', hideInTable: true, valueEnum: plateMatchEnum, search: { param: 'plateMatch', placeholder: '精确' } },
    { dataIndex: 'plateColour', title: '车牌颜色', priority: 'secondary', width: 80, valueEnum: plateColourEnum, render: (_value, record) => plateColourName(record.plateColour) },
    { dataIndex: 'lotName', title: '停车场', width: 130, ellipsis: true, hideInSearch: true },
    {
      dataIndex: 'entryLaneName',
      title: '入场车道/泊位',
      priority: 'secondary',
      width: 110,
      ellipsis: true,
      hideInSearch: true,
      render: (_value, record) => record.spaceNumber ?? record.entryLaneName ?? '',
    },
    { dataIndex: 'enteredAt', title: '入场时间', width: 160, valueType: 'date', sortable: true, search: { range: ['enteredFrom', 'enteredTo'] } },
    { dataIndex: 'exitedAt', title: '出场时间', width: 160, valueType: 'date', sortable: true, hideInSearch: true },
    {
      dataIndex: 'exitedAt',
      key: 'stayLength',
      title: '停车时长',
      priority: 'secondary',
      width: 90,
      hideInSearch: true,
      render: (_value, record) => stayLength(record.enteredAt, record.exitedAt),
    },
    { dataIndex: 'amountDue', title: '应收(元)', width: 95, valueType: 'money', sortable: true, hideInSearch: true },
    { dataIndex: 'amountDue', title: '最低应收', hideInTable: true, search: { param: 'amountMin' }, input: () => <MoneyFilterInput placeholder="最低金额" /> },
    { dataIndex: 'amountDue', title: '最高应收', hideInTable: true, search: { param: 'amountMax' }, input: () => <MoneyFilterInput placeholder="最高金额" /> },
    { dataIndex: 'discount', title: '优惠(元)', width: 80, valueType: 'money', hideInSearch: true },
    { dataIndex: 'paid', title: '已付(元)', width: 80, valueType: 'money', hideInSearch: true },
    { dataIndex: 'unpaid', title: '欠费(元)', width: 80, valueType: 'money', hideInSearch: true },
    { dataIndex: 'state', title: '状态', priority: 'key', width: 90, valueEnum: recordStateEnum },
    {
      dataIndex: 'abnormal',
      title: '异常',
      priority: 'secondary',
      width: 60,
      hideInSearch: true,
      render: (_value, record) =>
        record.abnormal ? (
          <Tooltip title={record.abnormalReasons.map((reason) => abnormalReasonNames[reason]).join('、')}>
            <Tag color="error">异常</Tag>
          </Tooltip>
        ) : null,
    },
  ],
});
