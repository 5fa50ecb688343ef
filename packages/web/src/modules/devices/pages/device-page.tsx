import { PlusOutlined } from '@ant-design/icons';
import type { Device, DeviceParkingType } from '@parking/contract';
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { DeviceFormModal } from '../components/device-form-modal';
import { DeviceSecretDialog, type ShownSecret } from '../components/device-secret-dialog';
import { inRoadDeviceResource, outRoadDeviceResource } from '../device.resource';
import { resetDeviceSecret } from '../devices-api';
import '../devices.css';

type Editing = { device: Device | undefined } | null;

/** 视频监控 on this camera, in the console's own address (its path and hash router). */
const playerUrl = (sn: string) => `${window.location.pathname}${window.location.search}#/palyer?deviceNo=${encodeURIComponent(sn)}`;

/** The device list of one parking type, with 新增, 编辑 and 重置密钥, which show the secret once. */
function DevicePage({ parkingType }: { parkingType: DeviceParkingType }) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const descriptor = parkingType === 0 ? inRoadDeviceResource : outRoadDeviceResource;

  const reset = async (device: Device) => {
    const { secret } = await resetDeviceSecret(device.id);
    message.success('密钥已重置');
    setShown({ sn: device.sn, secret, reason: 'reset' });
  };

  return (
    <>
      <ResourceListPage
        descriptor={descriptor}
        actionsWidth={220}
        toolbarExtra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ device: undefined })}>
            新增
          </Button>
        }
        rowActions={(device) => (
          <>
            <Button type="link" size="small" onClick={() => setEditing({ device })}>
              编辑
            </Button>
            {device.streamUrl && (
              <Button type="link" size="small" href={playerUrl(device.sn)} target="_blank" rel="noopener">
                视频
              </Button>
            )}
            <Popconfirm
              placement="topRight"
              title={`确定重置设备「${device.name || device.sn}」的密钥吗？`}
              description="旧密钥立即失效，设备需配置新密钥后才能上报。"
              okText="重置"
              cancelText="取消"
              onConfirm={() => reset(device).catch(() => undefined)}
            >
              <Button type="link" size="small">
                重置密钥
              </Button>
            </Popconfirm>
          </>
        )}
      />
      {editing && (
        <DeviceFormModal
          key={editing.device?.id ?? 'new'}
          parkingType={parkingType}
          device={editing.device}
          onClose={() => setEditing(null)}
          onCreated={(sn, secret) => setShown({ sn, secret, reason: 'created' })}
        />
      )}
      {shown && <DeviceSecretDialog shown={shown} onClose={() => setShown(null)} />}
    </>
  );
}

/** 设备运维 > 路内设备 (menu address SysOperations/inRoad): devices of road-side lots. */
export function InRoadPage() {
  return <DevicePage parkingType={0} />;
}

/** 设备运维 > 路外设备 (menu address SysOperations/outRoad): devices of every other lot. */
export function OutRoadPage() {
  return <DevicePage parkingType={1} />;
}
