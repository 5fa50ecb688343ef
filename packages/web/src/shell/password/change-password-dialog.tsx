import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { reloadPage } from '../../shared/browser/reload-page';
import { resetOwnPassword } from './password-api';
import { PasswordFields } from './password-fields';

interface PasswordForm {
  userPassword: string;
  validatePassword: string;
}

export const passwordChangedText = '修改成功';
/** Spec §8: reload 1 s after a successful change. */
export const reloadDelayMs = 1000;

/** 修改密码 (spec §5 rules): new password and its confirmation, checked again on submit. */
export function ChangePasswordDialog({ open, userId, onClose }: { open: boolean; userId: string; onClose: () => void }) {
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await resetOwnPassword(userId, values.userPassword, values.validatePassword);
      void message.success(passwordChangedText);
      window.setTimeout(reloadPage, reloadDelayMs);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      afterClose={() => form.resetFields()}
      width={440}
    >
      <Form form={form} layout="horizontal" labelCol={{ flex: '88px' }} preserve={false}>
        <PasswordFields names={['userPassword', 'validatePassword']} onPressEnter={() => void submit()} />
      </Form>
    </Modal>
  );
}
