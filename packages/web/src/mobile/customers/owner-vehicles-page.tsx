import {
  maxVehiclesPerCustomer,
  ownerPagePaths,
  plateColourName,
  plateNumberPattern,
  vehicleAuthPhotoMessages,
  vehicleBindingStateNames,
  type OwnerVehicle,
  type VehicleBindingState,
} from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, Popconfirm, Segmented, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ownerApi } from '../../modules/customers';
import { formatDateTime } from '../../shared/resource/value-format';
import { OwnerLayout, OwnerLoad, useSignInAgain } from './owner-layout';

const vehiclesKey = ['owner', 'vehicles'] as const;
const stateColours: Record<VehicleBindingState, string> = { unverified: 'default', verifying: 'processing', verified: 'success', failed: 'error', unbound: 'default' };
/** the plate colours of the dictionary, the common ones first */
const colourOptions = [0, 3, 2, 1, 4].map((value) => ({ value, label: plateColourName(value).replace('色', '') }));

function BindForm({ full }: { full: boolean }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [plate, setPlate] = useState('');
  const [colour, setColour] = useState(0);
  const [invalid, setInvalid] = useState('');
  const bind = useMutation({
    mutationFn: () => ownerApi.bind({ plateNumber: plate.trim().toUpperCase(), plateColour: colour }),
    onSuccess: async (msg) => {
      setPlate('');
      void message.success(msg);
      await queryClient.invalidateQueries({ queryKey: ['owner'] });
    },
  });
  useSignInAgain(bind.error);
  const submit = () => {
    setInvalid('');
    const plateNumber = plate.trim().toUpperCase();
    if (!plateNumber) return setInvalid('请输入车牌号');
    if (!plateNumberPattern.test(plateNumber)) return setInvalid('请输入正确的车牌号，如 粤B12345');
    bind.mutate();
  };
  return (
    <section className="owner-card">
      <div className="owner-card__title">绑定车辆</div>
      <Input size="large" placeholder="请输入车牌号，如 粤B12345" aria-label="车牌号" maxLength={8} value={plate} onChange={(e) => setPlate(e.target.value.toUpperCase())} />
      <div style={{ marginTop: 12 }}>
        <Segmented block aria-label="车牌颜色" options={colourOptions} value={colour} onChange={(value) => setColour(Number(value))} />
      </div>
      {(invalid || bind.error) && <Alert style={{ marginTop: 12 }} type="error" showIcon title={invalid || bind.error?.message} />}
      <Button type="primary" block size="large" style={{ marginTop: 16 }} disabled={full} loading={bind.isPending} onClick={submit}>
        绑定
      </Button>
      <div className="owner-hint">
        {full ? `已绑定${maxVehiclesPerCustomer}辆车，请先解绑其他车辆` : `每位车主最多绑定${maxVehiclesPerCustomer}辆车；绑定后为未认证，上传行驶证照片即可申请认证`}
      </div>
    </section>
  );
}

/** 认证: the 行驶证 photo picked on the phone goes to review; the vehicle shows 认证中 until staff decide. */
function AuthenticateButton({ vehicle }: { vehicle: OwnerVehicle }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const authenticate = useMutation({
    mutationFn: (photo: File) => ownerApi.authenticate(vehicle.id, photo),
    onSuccess: async (msg) => {
      void message.success(msg);
      await queryClient.invalidateQueries({ queryKey: ['owner'] });
    },
    onError: (error) => void message.error(error.message),
  });
  useSignInAgain(authenticate.error);
  return (
    <Upload
      accept="image/jpeg,image/png,image/webp"
      showUploadList={false}
      beforeUpload={(file) => {
        authenticate.mutate(file);
        return false;
      }}
    >
      <Button size="small" type="primary" ghost loading={authenticate.isPending} aria-label={`上传「${vehicle.plateNumber}」的行驶证`}>
        {vehicle.state === 'failed' ? '重新认证' : '认证'}
      </Button>
    </Upload>
  );
}

function VehicleItem({ vehicle }: { vehicle: OwnerVehicle }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const unbind = useMutation({
    mutationFn: () => ownerApi.unbind(vehicle.id),
    onSuccess: async (msg) => {
      void message.success(msg);
      await queryClient.invalidateQueries({ queryKey: ['owner'] });
    },
    onError: (error) => void message.error(error.message),
  });
  useSignInAgain(unbind.error);
  return (
    <div className="owner-item" data-testid="owner-vehicle">
      <div className="owner-item__main">
        <div className="owner-item__plate">
          {vehicle.plateNumber} <Tag color={stateColours[vehicle.state]}>{vehicleBindingStateNames[vehicle.state]}</Tag>
        </div>
        <div className="owner-item__sub">
          {plateColourName(vehicle.plateColour)} · 绑定于 {formatDateTime(vehicle.boundAt)}
        </div>
        {vehicle.state === 'verifying' && <div className="owner-item__sub">行驶证审核中，审核结果将在下方通知</div>}
      </div>
      <Space size={6}>
        {(vehicle.state === 'unverified' || vehicle.state === 'failed') && <AuthenticateButton vehicle={vehicle} />}
        <Popconfirm
          title={`确定解绑车辆「${vehicle.plateNumber}」吗？`}
          description="解绑后将不再显示该车的停车记录"
          okText="解绑"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => unbind.mutateAsync()}
        >
          <Button size="small" danger loading={unbind.isPending}>
            解绑
          </Button>
        </Popconfirm>
      </Space>
    </div>
  );
}

/** 审核通知: what staff decided on the owner's 认证 and 过户申诉. */
function Notices() {
  const notices = useQuery({ queryKey: ['owner', 'notices'], queryFn: ownerApi.notices, retry: false });
  if (!notices.data?.length) return null;
  return (
    <section className="owner-card">
      <div className="owner-card__title">审核通知</div>
      {notices.data.map((n) => (
        <div key={n.id} className="owner-stay">
          <div className="owner-stay__lot">{n.title}</div>
          <div className="owner-item__sub">{n.content}</div>
          <div className="owner-item__sub">{formatDateTime(n.createdAt)}</div>
        </div>
      ))}
    </section>
  );
}

/** 我的车辆 (/owner/vehicles): the vehicles bound now with their states, 绑定 and 解绑. */
export function OwnerVehiclesPage() {
  const vehicles = useQuery({ queryKey: vehiclesKey, queryFn: ownerApi.vehicles, retry: false });
  return (
    <OwnerLayout title="我的车辆">
      <OwnerLoad pending={vehicles.isPending} error={vehicles.error}>
        {() => (
          <>
            <section className="owner-card">
              <div className="owner-card__title">
                我的车辆（{vehicles.data?.length ?? 0}/{maxVehiclesPerCustomer}）
              </div>
              {vehicles.data?.length ? vehicles.data.map((v) => <VehicleItem key={v.id} vehicle={v} />) : <Empty description="还没有绑定车辆" />}
            </section>
            <BindForm full={(vehicles.data?.length ?? 0) >= maxVehiclesPerCustomer} />
            <Notices />
            <div className="owner-hint">
              行驶证照片：{vehicleAuthPhotoMessages.hint}。<Link to={ownerPagePaths.phone}>更换手机号</Link>
            </div>
          </>
        )}
      </OwnerLoad>
    </OwnerLayout>
  );
}
