import { checkNewPassword, checkPasswordConfirmation } from '@parking/contract';
import { App, Form, Input, Modal, type FormRule } from 'antd';
import { useState } from 'react';
import { reloadPage } from '../../shared/browser/reload-page';
import { resetOwnPassword } from './password-api';

interface PasswordForm {
  userPassword: string;
  validatePassword: string;
}

export const passwordChangedText = '修改成功';
/** Spec §8: reload 1 s after a successful change. */
export const reloadDelayMs = 1000;

const asRule = (check: (value: string | undefined) => string | undefined): FormRule => ({
  validator: async (_rule, value: string | undefined) => {
    const problem = check(value);
    if (problem) throw new Error(problem);
  },
});

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
        <Form.Item label="新密码" name="userPassword" required rules={[asRule(checkNewPassword)]}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="validatePassword"
          required
          dependencies={['userPassword']}
          rules={[asRule((value) => checkPasswordConfirmation(form.getFieldValue('userPassword') as string | undefined, value))]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" onPressEnter={() => void submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
