import { retentionDayBounds, retentionDefaults, type Tenant, type TenantCreateInput, type TenantUpdateInput } from '@parking/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Divider, Form, Input, InputNumber, Modal, Select, Switch, type FormRule } from 'antd';
import { useState } from 'react';
import { md5Hex } from '../../shared/crypto/md5';
import { resourceKeys } from '../../shared/resource/use-resource';
import { ImageUpload } from '../../shared/upload/image-upload';
import { PasswordFields } from '../../shared/password/password-fields';
import { createTenant, tenantUploadPath, updateTenant } from './tenant-api';
import { bigScreenEnum } from './tenant.resource';
import { useCloseGuard } from '../../shared/forms/use-close-guard';

interface TenantFormValues {
  code: string;
  name: string;
  title: string;
  weatherLocation: string;
  icpNo: string;
  policeNo: string;
  bigScreenType: string;
  footerText: string;
  smsCaptchaOpen: boolean;
  enabled: boolean;
  photoRetentionDays: number;
  eventRetentionDays: number;
  adminAccount: string;
  adminPassword: string;
  adminPasswordAgain: string;
}

const required = (message: string): FormRule => ({ required: true, whitespace: true, message });
const brandingBody = (values: TenantFormValues): TenantUpdateInput => ({
  name: values.name,
  title: values.title,
  weatherLocation: values.weatherLocation ?? '',
  icpNo: values.icpNo ?? '',
  policeNo: values.policeNo ?? '',
  bigScreenType: Number(values.bigScreenType),
  footerText: values.footerText ?? '',
  smsCaptchaOpen: values.smsCaptchaOpen,
  enabled: values.enabled,
  photoRetentionDays: values.photoRetentionDays,
  eventRetentionDays: values.eventRetentionDays,
});

/** The server's own bounds, said before sending; no min/max on the input, which would clamp silently. */
const retentionRules = (label: string): FormRule[] => [
  { required: true, message: `请输入${label}` },
  {
    validator: async (_rule, value: unknown) => {
      if (value === null || value === undefined || value === '') return;
      if (!Number.isInteger(value)) throw new Error(`${label}应为整数天`);
      if ((value as number) < retentionDayBounds.min) throw new Error(`${label}至少${retentionDayBounds.min}天`);
      if ((value as number) > retentionDayBounds.max) throw new Error(`${label}最多${retentionDayBounds.max}天`);
    },
  },
];

const initialValues = (tenant: Tenant | undefined): Partial<TenantFormValues> =>
  tenant ? { ...tenant, bigScreenType: String(tenant.bigScreenType) } : { bigScreenType: '1', smsCaptchaOpen: false, enabled: true, ...retentionDefaults };

interface TenantFormModalProps {
  /** the tenant being edited; undefined creates one */
  tenant: Tenant | undefined;
  onClose: () => void;
}

/** 新增/编辑租户: a new tenant also names its first administrator; brand images upload once it exists. */
export function TenantFormModal({ tenant, onClose }: TenantFormModalProps) {
  const [form] = Form.useForm<TenantFormValues>();
  const close = useCloseGuard(form, onClose);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [images, setImages] = useState({ logo: tenant?.logo ?? '', favicon: tenant?.favicon ?? '' });
  const creating = tenant === undefined;

  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all('tenant') });

  const save = async (values: TenantFormValues) => {
    setSaving(true);
    try {
      const msg = creating
        ? await createTenant({
            ...brandingBody(values),
            code: values.code,
            adminAccount: values.adminAccount,
            adminPassword: md5Hex(values.adminPassword),
          } satisfies TenantCreateInput)
        : await updateTenant(tenant.id, brandingBody(values));
      void message.success(msg);
      await refresh();
      onClose();
    } catch {
      // the HTTP layer showed the server's msg; the form keeps what was typed
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (tenant?.enabled && !values.enabled) {
      modal.confirm({
        title: `停用租户「${tenant.name}」？`,
        content: '停用后该租户的所有用户立即退出登录，且无法再登录，直到重新启用。',
        okText: '停用',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: () => save(values),
      });
      return;
    }
    await save(values);
  };

  return (
    <Modal
      open
      width={720}
      title={creating ? '新增租户' : `编辑租户「${tenant.name}」`}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues(tenant)} className="tenant-form" name="tenant-form">
        <div className="system-form-grid">
          <Form.Item
            name="code"
            label="租户编码"
            extra={creating ? '用于登录地址 ?account=编码，创建后不能修改' : undefined}
            rules={creating ? [required('请输入租户编码'), { pattern: /^[a-z][a-z0-9_-]{1,31}$/, message: '租户编码为2-32位小写字母、数字、_ 或 -，以字母开头' }] : []}
          >
            <Input disabled={!creating} placeholder="如 acme" count={{ show: true, max: 32 }} />
          </Form.Item>
          <Form.Item name="name" label="企业名称" rules={[required('请输入企业名称'), { min: 2, message: '企业名称至少2个字' }, { max: 64, message: '企业名称最长64个字' }]}>
            <Input placeholder="营业执照上的名称" count={{ show: true, max: 64 }} />
          </Form.Item>
          <Form.Item name="title" label="平台标题" rules={[required('请输入平台标题'), { min: 2, message: '平台标题至少2个字' }, { max: 32, message: '平台标题最长32个字' }]}>
            <Input placeholder="登录页和浏览器标签上的标题" count={{ show: true, max: 32 }} />
          </Form.Item>
          <Form.Item name="bigScreenType" label="大屏类型" extra="导航栏「智慧大屏」打开的大屏" rules={[{ required: true, message: '请选择大屏类型' }]}>
            <Select options={Object.entries(bigScreenEnum).map(([value, entry]) => ({ value, label: entry.text }))} />
          </Form.Item>
          <Form.Item name="weatherLocation" label="天气位置" rules={[{ pattern: /^(\d{9}|-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?)$/, message: '天气位置应为9位城市编码或“经度,纬度”' }]}>
            <Input placeholder="9位城市编码，如 101010100" />
          </Form.Item>
          <Form.Item name="footerText" label="页脚文字" rules={[{ max: 128, message: '页脚文字最长128个字' }]}>
            <Input placeholder="如 Copyright © 2026 某某公司" count={{ show: true, max: 128 }} />
          </Form.Item>
          <Form.Item name="icpNo" label="ICP备案号" rules={[{ max: 64, message: 'ICP备案号最长64个字' }]}>
            <Input placeholder="如 京ICP备00000000号-1" count={{ show: true, max: 64 }} />
          </Form.Item>
          <Form.Item name="policeNo" label="公安备案号" rules={[{ max: 64, message: '公安备案号最长64个字' }]}>
            <Input placeholder="如 京公网安备00000000000000号" count={{ show: true, max: 64 }} />
          </Form.Item>
          <Form.Item name="smsCaptchaOpen" label="短信验证码登录" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked" extra={tenant?.isPlatform ? '平台运营租户不能停用' : undefined}>
            <Switch disabled={tenant?.isPlatform} />
          </Form.Item>
        </div>

        <Divider titlePlacement="start">数据保留</Divider>
        <div className="system-form-grid">
          <Form.Item
            name="photoRetentionDays"
            label="过车照片保留天数"
            extra="已结清订单离场满该天数后删除其进出场照片；欠费、在场订单的照片作为追缴凭证保留"
            rules={retentionRules('过车照片保留天数')}
          >
            <InputNumber<number> suffix="天" style={{ width: '100%' }} placeholder={`${retentionDayBounds.min}–${retentionDayBounds.max}`} />
          </Form.Item>
          <Form.Item
            name="eventRetentionDays"
            label="原始过车事件保留天数"
            extra="设备上报的原始过车事件满该天数后删除；停车记录、收费与日志不受影响"
            rules={retentionRules('原始过车事件保留天数')}
          >
            <InputNumber<number> suffix="天" style={{ width: '100%' }} placeholder={`${retentionDayBounds.min}–${retentionDayBounds.max}`} />
          </Form.Item>
        </div>

        {creating ? (
          <>
            <Divider titlePlacement="start">首个管理员</Divider>
            <div className="system-form-grid">
              <Form.Item
                name="adminAccount"
                label="管理员账号"
                rules={[required('请输入管理员账号'), { pattern: /^[A-Za-z0-9_.@-]{2,32}$/, message: '管理员账号为2-32位字母、数字或 _ . @ -' }]}
              >
                <Input autoComplete="off" count={{ show: true, max: 32 }} />
              </Form.Item>
              <div />
              <PasswordFields names={['adminPassword', 'adminPasswordAgain']} label="初始密码" />
            </div>
          </>
        ) : (
          <>
            <Divider titlePlacement="start">品牌图片</Divider>
            <div className="system-form-grid">
              <Form.Item label="Logo">
                <ImageUpload
                  purpose="logo"
                  path={tenantUploadPath(tenant.id, 'logo')}
                  label="上传Logo"
                  preview={images.logo ? <img className="brand-preview" src={images.logo} alt="Logo 预览" /> : null}
                  onUploaded={(logo) => {
                    setImages((current) => ({ ...current, logo }));
                    void refresh();
                  }}
                />
              </Form.Item>
              <Form.Item label="网站图标">
                <ImageUpload
                  purpose="favicon"
                  path={tenantUploadPath(tenant.id, 'favicon')}
                  label="上传图标"
                  preview={images.favicon ? <img className="brand-preview brand-preview--icon" src={images.favicon} alt="网站图标预览" /> : null}
                  onUploaded={(favicon) => {
                    setImages((current) => ({ ...current, favicon }));
                    void refresh();
                  }}
                />
              </Form.Item>
            </div>
          </>
        )}
      </Form>
    </Modal>
  );
}
