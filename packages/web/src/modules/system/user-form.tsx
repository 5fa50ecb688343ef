import { checkEmail, userCreateInput, type SystemUser } from '@parking/contract';
import { Col, Form, Input, Row, Switch } from 'antd';
import { PasswordFields } from '../../shared/password/password-fields';
import { OrganizationTreeSelect, PositionMultiSelect, RoleMultiSelect } from './components/identity-selects';
import { EnabledField } from '../../shared/resource/fields/enabled-field';
import { PhoneField } from '../../shared/resource/fields/phone-field';
import { checkRule, schemaRule } from '../../shared/resource/schema-check';

const fields = userCreateInput.shape;

/** The inputs of 新增用户 and 编辑用户: the account is fixed once made, the initial password is set only on create. */
export function UserFormInputs({ record }: { record: SystemUser | undefined }) {
  const creating = record === undefined;
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item label="账号" name="account" rules={creating ? [{ required: true, whitespace: true, message: '请输入账号' }, schemaRule(fields.account)] : []}>
          <Input allowClear placeholder="请输入账号" disabled={!creating} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="姓名" name="realName" rules={[{ required: true, whitespace: true, message: '请输入姓名' }, schemaRule(fields.realName)]}>
          <Input allowClear placeholder="请输入姓名" />
        </Form.Item>
      </Col>
      {creating && <PasswordFieldsInColumns />}
      <Col span={12}>
        <PhoneField name="mobile" label="手机号" />
      </Col>
      <Col span={12}>
        <Form.Item label="邮箱" name="email" rules={[checkRule(checkEmail)]}>
          <Input allowClear placeholder="请输入邮箱" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="组织" name="organizationId">
          <OrganizationTreeSelect />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="角色" name="roleIds">
          <RoleMultiSelect />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="岗位" name="positionIds" extra="按选择的先后排列，第一个为主岗位">
          <PositionMultiSelect />
        </Form.Item>
      </Col>
      <EnabledField />
      <Col span={12}>
        <Form.Item label="管理员" name="isAdministrator" valuePropName="checked" extra="管理员可使用全部菜单">
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The initial password and its confirmation, side by side. */
function PasswordFieldsInColumns() {
  return (
    <Col span={24}>
      <div className="user-form-passwords">
        <PasswordFields names={['password', 'confirmPassword']} label="初始密码" />
      </div>
    </Col>
  );
}
