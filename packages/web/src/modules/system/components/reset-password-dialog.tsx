import type { SystemUser } from '@parking/contract';
import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { resetPasswordBody } from '../../../shared/password/password-api';
import { PasswordFields } from '../../../shared/password/password-fields';
import { resetUserPassword } from '../system-api';

interface ResetPasswordForm {
  userPassword: string;
  validatePassword: string;
}

export const passwordResetText = '密码已重置';

/** 重置密码 of another user: the same rules as one's own; the user's open sessions end (server side). */
export function ResetPasswordDialog({ user, onClose }: { user: SystemUser; onClose: () => void }) {
  const [form] = Form.useForm<ResetPasswordForm>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await resetUserPassword(user.id, resetPasswordBody(user.id, values.userPassword, values.validatePassword));
      message.success(passwordResetText);
      onClose();
    } catch {
      // the HTTP layer showed the server's msg
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`重置密码：${user.realName}（${user.account}）`}
      open
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      width={440}
    >
      <Form form={form} layout="horizontal" labelCol={{ flex: '88px' }}>
        <PasswordFields names={['userPassword', 'validatePassword']} onPressEnter={() => void submit()} />
      </Form>
    </Modal>
  );
}
