import { formatAmount, formatDuration, parkingRecordStateNames, type OwnerStay } from '@parking/contract';
import { Empty, Segmented, Space, Statistic, Table, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { useState } from 'react';
import { PlateText } from '../../../shared/components/plate-text';
import { formatDateTime } from '../../../shared/resource/value-format';
import { useCustomerStays } from '../owner-api';

const yuan = (fen: number) => formatAmount(fen);

const stayColumns: TableColumnType<OwnerStay>[] = [
  { key: 'lotName', title: '停车场', width: 140, render: (_value, stay) => stay.lotName || '-' },
  { key: 'plateNumber', title: '车牌号', width: 110, render: (_value, stay) => <PlateText plate={stay.plateNumber} colour={stay.plateColour} /> },
  { key: 'enteredAt', title: '入场时间', width: 160, render: (_value, stay) => formatDateTime(stay.enteredAt) || '-' },
  { key: 'exitedAt', title: '出场时间', width: 160, render: (_value, stay) => formatDateTime(stay.exitedAt) || '-' },
  { key: 'duration', title: '停车时长', width: 110, render: (_value, stay) => formatDuration(stay.durationSeconds) },
  { key: 'amountDue', title: '应收(元)', width: 90, align: 'right', render: (_value, stay) => yuan(stay.amountDue) },
  { key: 'paid', title: '实收(元)', width: 90, align: 'right', render: (_value, stay) => yuan(stay.paid) },
  {
    key: 'unpaid',
    title: '欠费(元)',
    width: 90,
    align: 'right',
    render: (_value, stay) => (stay.state === 'unpaid' ? <Typography.Text type="danger">{yuan(stay.unpaid)}</Typography.Text> : '-'),
  },
  { key: 'state', title: '状态', width: 80, render: (_value, stay) => parkingRecordStateNames[stay.state] },
];

/** 车主详情's stays in every lot of the tenant, paged, with what the owner paid and owes in all; 只看欠费 narrows to arrears. */
export function OwnerStaysTable({ customerId }: { customerId: string }) {
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [unpaidOnly, setUnpaidOnly] = useState(false);
  const stays = useCustomerStays(customerId, { ...page, ...(unpaidOnly ? { unpaidOnly: '1' } : {}) });
  return (
    <>
      <Space size="large" align="end" style={{ margin: '24px 0 12px', width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          停车记录
        </Typography.Title>
        <Space size="large">
          <Statistic title="实收合计(元)" value={yuan(stays.data?.paid ?? 0)} />
          <Statistic title="欠费合计(元)" value={yuan(stays.data?.owed ?? 0)} styles={stays.data?.owed ? { content: { color: '#cf1322' } } : undefined} />
        </Space>
      </Space>
      <Segmented
        style={{ marginBottom: 12 }}
        options={[
          { value: 'all', label: '全部' },
          { value: 'unpaid', label: '只看欠费' },
        ]}
        value={unpaidOnly ? 'unpaid' : 'all'}
        onChange={(value) => {
          setUnpaidOnly(value === 'unpaid');
          setPage((p) => ({ ...p, currentPage: 1 }));
        }}
      />
      <Table<OwnerStay>
        rowKey="id"
        size="small"
        loading={stays.isFetching}
        columns={stayColumns}
        dataSource={stays.data?.list ?? []}
        scroll={{ x: 1030 }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: stays.data?.pagination.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (total) => `共 ${total} 条`,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={unpaidOnly ? '该车主没有欠费' : '该车主名下车辆还没有停车记录'} /> }}
      />
    </>
  );
}
