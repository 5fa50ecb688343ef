import { Alert, Descriptions, Modal, Typography } from 'antd';

export interface ShownSecret {
  sn: string;
  secret: string;
  /** 新增 or 重置密钥 */
  reason: 'created' | 'reset';
}

/** The device's secret, the one time the server gives it: after 新增 and after 重置密钥. */
export function DeviceSecretDialog({ shown, onClose }: { shown: ShownSecret; onClose: () => void }) {
  return (
    <Modal
      open
      className="device-secret-dialog"
      title={shown.reason === 'created' ? '设备已新增' : '设备密钥已重置'}
      okText="我已保存"
      cancelButtonProps={{ style: { display: 'none' } }}
      closable={false}
      maskClosable={false}
      onOk={onClose}
    >
      <Alert type="warning" showIcon message="密钥只显示这一次，请立即配置到设备中并妥善保存；丢失后只能重置。" style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="设备编号">{shown.sn}</Descriptions.Item>
        <Descriptions.Item label="设备密钥">
          <Typography.Text code copyable={{ text: shown.secret, tooltips: ['复制', '已复制'] }} className="device-secret">
            {shown.secret}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
