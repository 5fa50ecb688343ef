import type { SystemUser } from '@parking/contract';
import { App, Form, Modal } from 'antd';
import { useFormSubmit } from '../../../shared/components/use-form-submit';
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
  const { message } = App.useApp();
  // a refusal was shown by the HTTP layer in the server's words; the form keeps what was typed
  const { saving, submit } = useFormSubmit(form, async (values) => {
    await resetUserPassword(user.id, resetPasswordBody(user.id, values.userPassword, values.validatePassword));
    message.success(passwordResetText);
    onClose();
  });

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
