import { plateListRemoveInput, plateListTypeNames, type PlateListEntry } from '@parking/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { showFieldProblems } from '../../../shared/forms/show-field-problems';
import { fieldProblemsOf } from '../../../shared/http/api-error';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { plateListResourceKey, removePlateListEntry } from '../plate-list-api';

/** 移除 an entry after a removal reason is given; a removed entry stays listed as 已移除 and has no button. */
export function PlateListRemoveButton({ entry }: { entry: PlateListEntry }) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  if (entry.state === 'removed') return null;

  const submit = async () => {
    const { reason } = await form.validateFields();
    setSaving(true);
    try {
      const msg = await removePlateListEntry(entry.id, remarkText(reason));
      message.success(msg || '移除成功');
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(plateListResourceKey) });
    } catch (error) {
      showFieldProblems(form, fieldProblemsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button type="link" size="small" danger onClick={() => setOpen(true)}>
        移除
      </Button>
      {open && (
        <Modal
          open
          title={`确定将车牌「${entry.plateNumber}」移出${plateListTypeNames[entry.type]}吗？`}
          okText="移除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          confirmLoading={saving}
          onOk={() => submit().catch(() => undefined)}
          onCancel={() => setOpen(false)}
          destroyOnHidden
        >
          <p>移除后立即不再生效，记录保留为“已移除”，可在状态中筛选查看。</p>
          <Form form={form} layout="vertical" initialValues={{ reason: '' }}>
            <RemarkField name="reason" label="移除原因" schema={plateListRemoveInput.shape.reason} required="请填写移除原因" rows={3} />
          </Form>
        </Modal>
      )}
    </>
  );
}
