import {
  complaintCategories,
  complaintCategoryNames,
  complaintChannelNames,
  complaintChannels,
  complaintEndpoints,
  complaintStatuses,
  complaintStatusNames,
  maskMobile,
  type Complaint,
  type ComplaintListQuery,
  type ComplaintStatus,
} from '@parking/contract';
import { defineResource, valueEnumOf, type BadgeStatus, type ValueEnum } from '../../shared/resource/resource-types';
import { complaintResourceKey, uploadComplaintPhotos } from './complaint-api';
import { ComplaintDeadline, ComplaintPlate } from './components/complaint-cells';
import { ComplaintFormInputs, complaintFormBody, complaintToFormValues, pickedPhotos, type ComplaintFormValues } from './components/complaint-form';

const statusBadges: Readonly<Record<ComplaintStatus, BadgeStatus>> = { pending: 'warning', processing: 'processing', done: 'success' };
export const complaintStatusEnum = valueEnumOf(complaintStatuses, complaintStatusNames, statusBadges);
const categoryEnum = valueEnumOf(complaintCategories, complaintCategoryNames);
const channelEnum = valueEnumOf(complaintChannels, complaintChannelNames);
const yesNoEnum: ValueEnum = { '1': { text: '是' }, '0': { text: '否' } };

/**
 * 停车运营 > 客户投诉: drivers' complaints, answered as a thread until 已完成 within the tenant's 处理时限.
 * At 1440 px the key columns take ~970 px of the ~995 the table leaves beside 序号 and 操作; 投诉渠道 and the
 * secondary ones come as the screen widens.
 */
export const complaintResource = defineResource<Complaint, ComplaintListQuery>({
  resource: complaintResourceKey,
  name: '客户投诉',
  endpoints: { list: complaintEndpoints.list, create: complaintEndpoints.create, export: complaintEndpoints.export },
  rowKey: 'id',
  recordName: (complaint) => maskMobile(complaint.contactPhone),
  // 新增投诉 is the page's own button, beside 处理时限设置; a complaint is never edited or deleted
  actions: { export: true },
  columns: [
    // the filter most used comes first; the table's 处理状态 stands beside 处理时限
    { dataIndex: 'status', key: 'statusFilter', title: '处理状态', hideInTable: true, valueEnum: complaintStatusEnum, search: { placeholder: '全部' } },
    { dataIndex: 'receivedAt', title: '受理时间', priority: 'key', width: 160, valueType: 'date', sortable: true, hideInSearch: true },
    { dataIndex: 'category', title: '投诉类型', priority: 'key', width: 110, valueEnum: categoryEnum, search: { placeholder: '全部' } },
    { dataIndex: 'channel', title: '投诉渠道', width: 110, valueEnum: channelEnum, search: { placeholder: '全部' } },
    // masked as everywhere a phone is listed; the search takes any part of the number
    {
      dataIndex: 'contactPhone',
      title: '联系电话',
      priority: 'key',
      width: 110,
      search: { param: 'phone', placeholder: '请输入联系电话' },
      render: (_value, complaint) => maskMobile(complaint.contactPhone),
    },
    { dataIndex: 'contactName', title: '联系人', priority: 'secondary', width: 100, hideInSearch: true },
    {
      dataIndex: 'plateNumber',
      title: '车牌号',
      priority: 'key',
      width: 120,
      ellipsis: false,
      search: { placeholder: '请输入车牌号' },
      render: (_value, complaint) => <ComplaintPlate plate={complaint.plateNumber} colour={complaint.plateColour} />,
    },
    { dataIndex: 'content', title: '投诉内容', priority: 'key', width: 160, hideInSearch: true },
    { dataIndex: 'status', title: '处理状态', priority: 'key', width: 90, valueEnum: complaintStatusEnum, hideInSearch: true },
    {
      dataIndex: 'deadlineAt',
      title: '处理时限',
      priority: 'key',
      width: 220,
      sortable: true,
      ellipsis: false,
      hideInSearch: true,
      render: (_value, complaint) => <ComplaintDeadline complaint={complaint} />,
    },
    // open past the deadline, or completed after it, as the server judges on its clock
    { dataIndex: 'overdue', title: '是否逾期', hideInTable: true, valueEnum: yesNoEnum, search: { placeholder: '全部' } },
    // the API filters by Shanghai days, both ends included
    { dataIndex: 'receivedAt', key: 'receivedFrom', title: '受理开始日期', valueType: 'date', hideInTable: true, search: { param: 'receivedFrom', placeholder: '开始日期' } },
    { dataIndex: 'receivedAt', key: 'receivedTo', title: '受理结束日期', valueType: 'date', hideInTable: true, search: { param: 'receivedTo', placeholder: '结束日期' } },
    { dataIndex: 'replyCount', title: '回复数', priority: 'secondary', width: 80, hideInSearch: true },
    { dataIndex: 'completedByName', title: '办结人', priority: 'secondary', width: 100, hideInSearch: true },
    { dataIndex: 'completedAt', title: '办结时间', priority: 'secondary', width: 160, valueType: 'date', hideInSearch: true },
  ],
  form: {
    Inputs: ComplaintFormInputs,
    width: 640,
    toValues: () => ({ ...complaintToFormValues() }),
    toBody: (values) => ({ ...complaintFormBody(values as unknown as ComplaintFormValues) }),
    // the complaint exists now: its photos follow, and one refused leaves the complaint as saved
    afterSave: (saved, values) => uploadComplaintPhotos((saved as Complaint).id, pickedPhotos(values)),
  },
});
