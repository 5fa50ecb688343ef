import { maskMobile, plateColourName, vehicleBindingStateNames, type PhoneChangeDetail, type PhoneChangeRequest } from '@parking/contract';
import { Alert, Badge, Button, Col, Descriptions, Drawer, Result, Row, Space, Spin, Tag } from 'antd';
import { PlateText } from '../../../shared/components/plate-text';
import { formatDateTime } from '../../../shared/resource/value-format';
import { usePhoneChange } from '../phone-change-api';
import { phoneChangeStatusEnum } from '../phone-change.resource';
import { PhoneChangePhoto } from './phone-change-photo';
import '../vehicle-auth.css';

interface Props {
  id: string;
  onApprove: (request: PhoneChangeRequest) => void;
  onReject: (request: PhoneChangeRequest) => void;
  onClose: () => void;
}

/** Whether the order number names a stay of the owner's plates: the evidence the reviewer weighs first. */
function OrderEvidence({ request }: { request: PhoneChangeDetail }) {
  const order = request.evidence.order;
  if (!order) return <Alert type="warning" showIcon title={`订单号「${request.orderNo}」在本停车场系统中不存在`} />;
  return (
    <Alert
      type={order.ownersPlate ? 'success' : 'error'}
      showIcon
      title={order.ownersPlate ? '订单号属于该车主的车辆' : '订单号不属于该车主的车辆'}
      description={
        <>
          <PlateText plate={order.plateNumber || '无牌车'} colour={order.plateColour} /> · {order.lotName || '-'} · 入场 {order.enteredAt ? formatDateTime(order.enteredAt) : '-'}
          {order.exitedAt ? ` · 出场 ${formatDateTime(order.exitedAt)}` : ''}
        </>
      }
    />
  );
}

/** One request for review: the 行驶证 photo large, the numbers, the order number's evidence and the owner's vehicles. */
export function PhoneChangeDrawer({ id, onApprove, onReject, onClose }: Props) {
  const query = usePhoneChange(id);
  const request = query.data;
  const pending = request?.status === 'pending';
  const status = request ? phoneChangeStatusEnum[request.status]! : undefined;
  const footer = (
    <Space className="vehicle-auth-drawer__footer">
      <Button onClick={onClose}>关闭</Button>
      {request && pending && (
        <>
          <Button danger onClick={() => onReject(request)}>
            驳回
          </Button>
          <Button type="primary" onClick={() => onApprove(request)}>
            通过
          </Button>
        </>
      )}
    </Space>
  );

  return (
    <Drawer
      open
      title={request ? `手机号变更申请 · ${maskMobile(request.oldPhone)} → ${maskMobile(request.newPhone)}` : '手机号变更申请'}
      size={900}
      onClose={onClose}
      footer={footer}
      destroyOnHidden
    >
      {query.isLoading ? (
        <Spin description="加载中,请稍等......">
          <div style={{ height: 240 }} />
        </Spin>
      ) : !request ? (
        <Result status="warning" title="手机号变更申请不存在或已删除" />
      ) : (
        <Row gutter={16}>
          <Col xs={24} md={13}>
            <PhoneChangePhoto id={request.id} present={request.hasPhoto} />
          </Col>
          <Col xs={24} md={11}>
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              <OrderEvidence request={request} />
              <Descriptions size="small" bordered column={1}>
                <Descriptions.Item label="审核状态">{status && <Badge status={status.status} text={status.text} />}</Descriptions.Item>
                <Descriptions.Item label="原手机号">
                  {maskMobile(request.oldPhone)}
                  {request.customerNickname ? `（${request.customerNickname}）` : ''}
                </Descriptions.Item>
                <Descriptions.Item label="新手机号">{maskMobile(request.newPhone)}（已短信验证）</Descriptions.Item>
                {request.customerPhone !== request.oldPhone && <Descriptions.Item label="车主现手机号">{maskMobile(request.customerPhone)}</Descriptions.Item>}
                <Descriptions.Item label="订单号">{request.orderNo}</Descriptions.Item>
                <Descriptions.Item label="车主车辆">
                  {request.evidence.vehicles.length === 0
                    ? '未绑定车辆'
                    : request.evidence.vehicles.map((v) => (
                        <div key={`${v.plateNumber}-${v.plateColour}-${v.state}`}>
                          <PlateText plate={v.plateNumber} colour={v.plateColour} />（{plateColourName(v.plateColour)}）<Tag>{vehicleBindingStateNames[v.state]}</Tag>
                        </div>
                      ))}
                </Descriptions.Item>
                <Descriptions.Item label="申请时间">{formatDateTime(request.createdAt)}</Descriptions.Item>
                {!pending && <Descriptions.Item label="审核人">{request.decidedByName ?? '-'}</Descriptions.Item>}
                {!pending && <Descriptions.Item label="审核时间">{request.decidedAt ? formatDateTime(request.decidedAt) : '-'}</Descriptions.Item>}
                {request.status === 'rejected' && <Descriptions.Item label="驳回原因">{request.rejectReason}</Descriptions.Item>}
              </Descriptions>
            </Space>
          </Col>
        </Row>
      )}
    </Drawer>
  );
}
