import { maskMobile, plateColourName, vehicleAuthKindNames, vehicleBindingStateNames, type VehicleAuthRequest } from '@parking/contract';
import { Badge, Button, Col, Descriptions, Drawer, Result, Row, Space, Spin } from 'antd';
import { formatDateTime } from '../../../shared/resource/value-format';
import { PlateText } from '../../../shared/components/plate-text';
import { useVehicleAuth } from '../vehicle-auth-api';
import { submittedByText, vehicleAuthStatusEnum } from '../vehicle-auth.resource';
import { VehicleAuthPhoto } from './vehicle-auth-photo';
import '../vehicle-auth.css';

interface Props {
  id: string;
  onApprove: (request: VehicleAuthRequest) => void;
  onReject: (request: VehicleAuthRequest) => void;
  onClose: () => void;
}

const statusOf = (request: VehicleAuthRequest) => {
  const status = vehicleAuthStatusEnum[request.status]!;
  return <Badge status={status.status} text={status.text} />;
};

/** One request for review: the 行驶证 photo large, the owner and vehicle beside it, and for a claim the current holder. */
export function VehicleAuthDrawer({ id, onApprove, onReject, onClose }: Props) {
  const query = useVehicleAuth(id);
  const request = query.data;
  const pending = request?.status === 'pending';
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
    <Drawer open title={request ? `${vehicleAuthKindNames[request.kind]}申请 · ${request.plateNumber}` : '认证申请'} size={900} onClose={onClose} footer={footer} destroyOnHidden>
      {query.isLoading ? (
        <Spin description="加载中,请稍等......">
          <div style={{ height: 240 }} />
        </Spin>
      ) : !request ? (
        <Result status="warning" title="认证申请不存在或已删除" />
      ) : (
        <Row gutter={16}>
          <Col xs={24} md={13}>
            <VehicleAuthPhoto id={request.id} present={request.hasPhoto} />
          </Col>
          <Col xs={24} md={11}>
            <Descriptions size="small" bordered column={1}>
              <Descriptions.Item label="审核状态">{statusOf(request)}</Descriptions.Item>
              <Descriptions.Item label="申请类型">{vehicleAuthKindNames[request.kind]}</Descriptions.Item>
              <Descriptions.Item label="车牌号">
                <PlateText plate={request.plateNumber} colour={request.plateColour} />（{plateColourName(request.plateColour)}）
              </Descriptions.Item>
              <Descriptions.Item label="车主">
                {maskMobile(request.customerPhone)}
                {request.customerNickname ? `（${request.customerNickname}）` : ''}
              </Descriptions.Item>
              <Descriptions.Item label="车辆状态">{request.vehicleState ? vehicleBindingStateNames[request.vehicleState] : '尚未绑定（通过后绑定）'}</Descriptions.Item>
              {request.kind === 'claim' && <Descriptions.Item label="现绑定车主">{request.holderPhone ? maskMobile(request.holderPhone) : '-'}</Descriptions.Item>}
              <Descriptions.Item label="提交方式">{submittedByText(request)}</Descriptions.Item>
              <Descriptions.Item label="申请时间">{formatDateTime(request.createdAt)}</Descriptions.Item>
              {!pending && <Descriptions.Item label="审核人">{request.decidedByName ?? '-'}</Descriptions.Item>}
              {!pending && <Descriptions.Item label="审核时间">{request.decidedAt ? formatDateTime(request.decidedAt) : '-'}</Descriptions.Item>}
              {request.status === 'rejected' && <Descriptions.Item label="驳回原因">{request.rejectReason}</Descriptions.Item>}
            </Descriptions>
          </Col>
        </Row>
      )}
    </Drawer>
  );
}
