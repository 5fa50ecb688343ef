import { describeEditRequest, recordEditAuditEndpoints, type RecordEditListQuery, type RecordEditRequest } from '@parking/contract';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource } from '../../shared/resource/resource-types';
import { formatDateTime } from '../../shared/resource/value-format';
import { LotSelect } from '../parking';
import { recordEditResourceKey } from './record-edit-audit-api';
import { recordEditKindEnum, recordEditStatusEnum } from './record-edit-options';

/** 订单管理 > 订单修改审核: corrections of parking records, asked for by one user and decided by another. */
export const recordEditResource = defineResource<RecordEditRequest, RecordEditListQuery>({
  resource: recordEditResourceKey,
  name: '订单修改申请',
  endpoints: recordEditAuditEndpoints,
  rowKey: 'id',
  actions: { export: true },
  columns: [
    { dataIndex: 'status', title: '状态', priority: 'key', width: 90, valueEnum: recordEditStatusEnum, search: { placeholder: '全部' } },
    {
      dataIndex: 'plateNumber',
      title: '车牌号',
      priority: 'key',
      width: 120,
      search: { placeholder: '车牌号或前缀' },
      render: (_value, edit) => <PlateText plate={edit.plateNumber} colour={edit.plateColour} />,
    },
    { dataIndex: 'lotName', title: '停车场', width: 180, hideInTable: true, search: { param: 'lotId' }, input: () => <LotSelect place="search" /> },
    { dataIndex: 'lotName', title: '停车场', width: 130, ellipsis: true, hideInSearch: true },
    { dataIndex: 'kind', title: '修改类型', width: 120, valueEnum: recordEditKindEnum },
    {
      dataIndex: 'requested',
      title: '申请内容',
      width: 240,
      ellipsis: true,
      hideInSearch: true,
      render: (_value, edit) => describeEditRequest(edit.kind, edit.requested, formatDateTime),
    },
    { dataIndex: 'reason', title: '修改原因', priority: 'secondary', width: 140, ellipsis: true, hideInSearch: true },
    { dataIndex: 'requestedByName', title: '申请人', priority: 'secondary', width: 90, hideInSearch: true },
    { dataIndex: 'createdAt', title: '申请时间', width: 160, valueType: 'date', search: { range: ['createdFrom', 'createdTo'] } },
    { dataIndex: 'decidedByName', title: '审核人', priority: 'secondary', width: 90, hideInSearch: true },
    { dataIndex: 'decidedAt', title: '审核时间', priority: 'secondary', width: 160, valueType: 'date', hideInSearch: true },
  ],
});
