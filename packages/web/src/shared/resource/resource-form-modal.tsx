import { App, Form, Modal } from 'antd';
import { fieldProblemsOf } from '../http/api-error';
import { contractProblems, showFieldProblems } from '../forms/show-field-problems';
import { useCloseGuard } from '../forms/use-close-guard';
import { ResourceFormInputs } from './resource-form-inputs';
import type { ResourceDescriptor } from './resource-types';
import { formValuesToBody, recordToFormValues } from './form-values';
import { useResourceSave } from './use-resource';

interface ResourceFormModalProps<T, Q> {
  descriptor: ResourceDescriptor<T, Q>;
  /** the row being edited; undefined creates a new one */
  record: T | undefined;
  /** a new row's starting form values (新增下级 starts under its parent) */
  draft?: Readonly<Record<string, unknown>>;
  open: boolean;
  onClose: () => void;
}

/** Create and edit in one modal; the caller remounts it per row (by key) so it starts from that row. */
export function ResourceFormModal<T extends object, Q>({ descriptor, record, draft, open, onClose }: ResourceFormModalProps<T, Q>) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const { message } = App.useApp();
  const save = useResourceSave(descriptor);
  const id = record === undefined ? undefined : (record[descriptor.rowKey] as string | number);
  const own = descriptor.form;
  const initialValues = {
    ...(own ? own.toValues(record) : recordToFormValues(descriptor.columns, record)),
    ...(record === undefined ? draft : undefined),
  };

  const close = useCloseGuard(form, onClose);

  const submit = async () => {
    const values = await form.validateFields();
    const body = own ? own.toBody(values, record) : formValuesToBody(descriptor.columns, values);
    // what the contract refuses is shown under its field before anything is sent
    const target = id === undefined ? descriptor.endpoints?.create : descriptor.endpoints?.update;
    const refused = contractProblems(target?.body, body, 'body');
    if (refused.length > 0) {
      showFieldProblems(form, refused);
      return;
    }
    let msg: string;
    let saved: unknown;
    try {
      ({ msg, data: saved } = await save.mutateAsync({ id, body }));
    } catch (error) {
      // a field only the server can judge (a name taken, more than the lot rents out) goes under its input
      showFieldProblems(form, fieldProblemsOf(error));
      return;
    }
    message.success(msg || (id === undefined ? '新增成功' : '修改成功'));
    const warning = await own?.afterSave?.(saved, values);
    if (warning) message.warning(warning);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={`${id === undefined ? '新增' : '编辑'}${descriptor.name}`}
      okText="保存"
      cancelText="取消"
      width={own?.width}
      confirmLoading={save.isPending}
      onOk={() => {
        // refused fields show under their inputs; other failures were reported by the HTTP layer
        submit().catch(() => undefined);
      }}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues}>
        {own ? <own.Inputs record={record} /> : <ResourceFormInputs columns={descriptor.columns} record={record} />}
      </Form>
    </Modal>
  );
}
