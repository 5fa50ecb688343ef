import { customerSourceNames, maskMobile, plateColourName, vehicleBindingStateNames, type CustomerVehicle } from '@parking/contract';
import { Badge, Descriptions, Drawer, Empty, Skeleton, Table, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { PlateText } from '../../../shared/components/plate-text';
import { formatDateTime } from '../../../shared/resource/value-format';
import { useCustomerDetail } from '../customers-api';
import { vehicleStateEnum } from '../vehicle.resource';
import { OwnerPaymentsTable } from './owner-payments-table';
import { OwnerStaysTable } from './owner-stays-table';

const vehicleColumns: TableColumnType<CustomerVehicle>[] = [
  { key: 'plateNumber', title: '车牌号', width: 120, render: (_value, vehicle) => <PlateText plate={vehicle.plateNumber} colour={vehicle.plateColour} /> },
  { key: 'plateColour', title: '车牌颜色', width: 80, render: (_value, vehicle) => plateColourName(vehicle.plateColour) },
  {
    key: 'state',
    title: '绑定状态',
    width: 100,
    render: (_value, vehicle) => <Badge status={vehicleStateEnum[vehicle.state]?.status} text={vehicleBindingStateNames[vehicle.state]} />,
  },
  { key: 'boundAt', title: '绑定时间', width: 160, render: (_value, vehicle) => formatDateTime(vehicle.boundAt) },
  { key: 'unboundAt', title: '解绑时间', width: 160, render: (_value, vehicle) => formatDateTime(vehicle.unboundAt) || '-' },
];

/** 车主详情: the owner, every vehicle (unbound ones included, newest first, as the server orders them), their stays in every lot and their payments. */
export function CustomerDetailDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useCustomerDetail(id);
  const owner = detail.data;
  return (
    <Drawer open title="车主详情" size={760} onClose={onClose} destroyOnHidden>
      {!owner ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'phone', label: '手机号', children: maskMobile(owner.phone) },
              { key: 'nickname', label: '昵称', children: owner.nickname || '-' },
              { key: 'source', label: '注册来源', children: customerSourceNames[owner.source] },
              { key: 'enabled', label: '状态', children: <Badge status={owner.enabled ? 'success' : 'default'} text={owner.enabled ? '启用' : '停用'} /> },
              { key: 'registeredAt', label: '注册时间', children: formatDateTime(owner.registeredAt) },
              { key: 'vehicleCount', label: '绑定车辆数', children: owner.vehicleCount },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            车辆
          </Typography.Title>
          <Table<CustomerVehicle>
            rowKey="id"
            size="small"
            columns={vehicleColumns}
            dataSource={owner.vehicles}
            pagination={false}
            scroll={{ x: 620 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该车主还没有绑定车辆" /> }}
          />
          <OwnerStaysTable customerId={owner.id} />
          <OwnerPaymentsTable customerId={owner.id} />
        </>
      )}
    </Drawer>
  );
}
