import { checkNewPassword, checkPasswordConfirmation } from '@parking/contract';
import { Form, Input } from 'antd';
import { checkRule } from '../resource/schema-check';

interface PasswordFieldsProps {
  /** the form fields' names, e.g. userPassword/validatePassword of the reset call */
  names: readonly [password: string, confirmation: string];
  label?: string;
  onPressEnter?: () => void;
}

/** A new password and its confirmation under the password rules; the confirmation re-checks when the password changes. */
export function PasswordFields({ names: [password, confirmation], label = '新密码', onPressEnter }: PasswordFieldsProps) {
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item label={label} name={password} required rules={[checkRule(checkNewPassword)]}>
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name={confirmation}
        required
        dependencies={[password]}
        rules={[checkRule((value) => checkPasswordConfirmation(form.getFieldValue(password) as string | undefined, value))]}
      >
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" onPressEnter={onPressEnter} />
      </Form.Item>
    </>
  );
}
