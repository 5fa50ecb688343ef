import { groupInput, type Group, type GroupInput } from '@parking/contract';
import { Col, Form, Input, Row } from 'antd';
import { EnabledField } from '../../shared/resource/fields/enabled-field';
import { PhoneField, phoneText } from '../../shared/resource/fields/phone-field';
import { RemarkField, remarkText } from '../../shared/resource/fields/remark-field';
import { schemaRule } from '../../shared/resource/schema-check';
import { TextField } from '../../shared/resource/fields/text-field';

const fields = groupInput.shape;

/** What the 集团 form holds. */
export type GroupFormValues = { name: string; contact: string; phone: string; remark: string; enabled: boolean };

export const groupToFormValues = (group: Group | undefined): GroupFormValues =>
  group ? { name: group.name, contact: group.contact, phone: group.phone, remark: group.remark, enabled: group.enabled } : { name: '', contact: '', phone: '', remark: '', enabled: true };

const text = (value: string | undefined | null) => (value ?? '').trim();

export const groupFormBody = (values: GroupFormValues): GroupInput => ({
  name: text(values.name),
  contact: text(values.contact),
  phone: phoneText(values.phone),
  remark: remarkText(values.remark),
  enabled: values.enabled,
});

/** The inputs of 新增集团 and 编辑集团. */
export function GroupFormInputs(_props: { record: Group | undefined }) {
  return (
    <Row gutter={16}>
      <TextField span={24} name="name" label="集团名称" schema={fields.name} required="请输入集团名称" />
      <TextField span={12} name="contact" label="联系人" schema={fields.contact} required="请输入联系人" />
      <Col span={12}>
        <PhoneField required="请输入联系电话" />
      </Col>
      <Col span={24}>
        <RemarkField schema={fields.remark} />
      </Col>
      <EnabledField />
    </Row>
  );
}
