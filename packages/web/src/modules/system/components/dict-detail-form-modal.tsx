import { dictDetailInput, type DictDetail, type DictDetailInput } from '@parking/contract';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { ApiError } from '../../../shared/http/api-error';
import { schemaRuleWithBlank } from '../../../shared/resource/schema-check';
import { useDictDetailSave } from '../dictionary-api';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';

const fields = dictDetailInput.shape;

interface DictDetailFormModalProps {
  /** the entry being edited; undefined adds one to `dictName` */
  entry: DictDetail | undefined;
  dictName: string;
  /** where a new entry goes in the list unless the user says otherwise */
  nextSort: number;
  onClose: () => void;
  /** the dictionary the saved entry belongs to, which may be another one than was open */
  onSaved: (dictName: string) => void;
}

type FormValues = Required<DictDetailInput>;

/** 新增/编辑字典项: the contract's rules on every field; a value already in the dictionary is marked on the 字典值 field. */
export function DictDetailFormModal({ entry, dictName, nextSort, onClose, onSaved }: DictDetailFormModalProps) {
  const [form] = Form.useForm<FormValues>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const save = useDictDetailSave();

  const submit = async () => {
    const values = await form.validateFields();
    const body = dictDetailInput.parse(values);
    try {
      const msg = await save.mutateAsync({ id: entry?.id, body });
      message.success(msg || (entry ? '修改成功' : '新增成功'));
      onSaved(body.dictName);
    } catch (error) {
      // 409: the server's msg names the clash (字典「x」中已存在值「y」); the HTTP layer has shown it too
      if (error instanceof ApiError && error.status === 409) form.setFields([{ name: 'value', errors: [error.message] }]);
    }
  };

  const initialValues: FormValues = entry ? { dictName: entry.dictName, label: entry.label, value: entry.value, sort: entry.sort } : { dictName, label: '', value: '', sort: nextSort };

  return (
    <Modal
      open
      title={entry ? '编辑字典项' : '新增字典项'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      // validation errors show on the fields
      onOk={() => submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} name="dict-detail" layout="vertical" initialValues={initialValues}>
        <Form.Item name="dictName" label="字典名称" rules={[schemaRuleWithBlank(fields.dictName)]} extra="小写字母、数字和下划线，以字母开头">
          <Input allowClear placeholder="请输入字典名称" />
        </Form.Item>
        <Form.Item name="label" label="字典标签" rules={[schemaRuleWithBlank(fields.label)]}>
          <Input allowClear placeholder="请输入字典标签，如 蓝色" />
        </Form.Item>
        <Form.Item name="value" label="字典值" rules={[schemaRuleWithBlank(fields.value)]} extra="同一字典中不能重复；纯数字的值在各页面按整数使用">
          <Input allowClear placeholder="请输入字典值，如 0" />
        </Form.Item>
        <Form.Item name="sort" label="排序" rules={[schemaRuleWithBlank(fields.sort)]} extra="越小越靠前">
          <InputNumber style={{ width: '100%' }} placeholder="0-9999" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
