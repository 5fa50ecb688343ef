import { App, Form, Input, Modal } from 'antd';
import { useFormSubmit } from '../components/use-form-submit';
import { reloadPage } from '../browser/reload-page';
import { changeOwnPassword } from './password-api';
import { PasswordFields } from './password-fields';

interface PasswordForm {
  oldPassword: string;
  userPassword: string;
  validatePassword: string;
}

export const passwordChangedText = '修改成功';
/** Reload 1 s after a successful change. */
export const reloadDelayMs = 1000;

/**
 * 修改密码: the current password (so a stolen session alone cannot change it), then the new one and
 * its confirmation under the password rules, checked again on submit.
 */
export function ChangePasswordDialog({ open, userId, onClose }: { open: boolean; userId: string; onClose: () => void }) {
  const [form] = Form.useForm<PasswordForm>();
  const { message } = App.useApp();
  const { saving, submit } = useFormSubmit(
    form,
    async (values) => {
      await changeOwnPassword(userId, values.oldPassword, values.userPassword, values.validatePassword);
      void message.success(passwordChangedText);
      window.setTimeout(reloadPage, reloadDelayMs);
    },
    (error) => void message.error(error instanceof Error ? error.message : String(error)),
  );

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
        <Form.Item label="当前密码" name="oldPassword" rules={[{ required: true, message: '请输入当前密码' }]}>
          <Input.Password placeholder="请输入当前密码" autoComplete="current-password" />
        </Form.Item>
        <PasswordFields names={['userPassword', 'validatePassword']} onPressEnter={() => void submit()} />
      </Form>
    </Modal>
  );
}
