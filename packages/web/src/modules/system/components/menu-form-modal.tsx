import { menuInput, menuTypeNames, type MenuAdminItem, type MenuAdminNode, type MenuInput } from '@parking/contract';
import { App, Form, Input, InputNumber, Modal, Radio, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { schemaCheck, type FieldSchema } from '../../../shared/resource/schema-check';
import { useMenuSave } from '../menu-api';
import { parentOptions } from '../menu-tree';
import { MenuIconPicker } from './menu-icon-picker';
import { numberRule } from '../../../shared/forms/number-rule';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';

/** What the modal was opened for: a new menu (top level or under a folder), or an existing one. */
export type MenuEditing = { kind: 'create'; parent: MenuAdminItem | null } | { kind: 'edit'; menu: MenuAdminItem };

interface MenuFormValues {
  parentId?: string;
  type: number;
  fullName: string;
  enCode: string;
  icon?: string;
  urlAddress?: string;
  sortCode?: number | null;
  enabled: boolean;
}

const folderType = 1;
const pageType = 2;
const typeOptions = [folderType, pageType].map((value) => ({ value, label: menuTypeNames[value] }));

const initialValues = (editing: MenuEditing): MenuFormValues => {
  if (editing.kind === 'edit') {
    const { menu } = editing;
    return { ...menu, parentId: menu.parentId ?? undefined };
  }
  // under a folder one usually adds a page; at the top, a folder
  return { parentId: editing.parent?.id, type: editing.parent ? pageType : folderType, fullName: '', enCode: '', sortCode: 0, enabled: true };
};

export const menuFormToBody = (values: MenuFormValues): MenuInput => ({
  parentId: values.parentId ?? null,
  type: values.type,
  fullName: values.fullName.trim(),
  enCode: values.enCode.trim(),
  icon: values.icon as MenuInput['icon'],
  // a folder has no route; what was typed before switching to 目录 is dropped
  urlAddress: values.type === pageType ? (values.urlAddress ?? '').trim() : '',
  sortCode: values.sortCode ?? 0,
  enabled: values.enabled,
});

const checked = (schema: FieldSchema): Rule => {
  const check = schemaCheck(schema);
  return {
    validator: async (_rule, value: unknown) => {
      const problem = check(typeof value === 'string' ? value.trim() : undefined);
      if (problem) throw new Error(problem);
    },
  };
};

const { shape } = menuInput;

interface MenuFormModalProps {
  editing: MenuEditing;
  menus: readonly MenuAdminNode[];
  onClose: () => void;
}

/** 新增 / 新增下级 / 编辑 of one menu; the rules are the contract's, so the form says what the server would. */
export function MenuFormModal({ editing, menus, onClose }: MenuFormModalProps) {
  const [form] = Form.useForm<MenuFormValues>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const save = useMenuSave();
  const type = Form.useWatch('type', form) ?? initialValues(editing).type;
  const id = editing.kind === 'edit' ? editing.menu.id : undefined;
  const title = editing.kind === 'edit' ? '编辑菜单' : editing.parent ? `新增下级菜单 - ${editing.parent.fullName}` : '新增菜单';

  const submit = async () => {
    const values = await form.validateFields();
    const msg = await save.mutateAsync({ id, body: menuFormToBody(values) });
    message.success(msg || (id === undefined ? '新增成功' : '修改成功'));
    onClose();
  };

  return (
    <Modal
      open
      title={title}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => {
        // validation errors show on the fields; call errors were reported by the HTTP layer
        submit().catch(() => undefined);
      }}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} name="menu-form" layout="vertical" initialValues={initialValues(editing)}>
        <Form.Item name="parentId" label="上级菜单" extra="不选则为顶级目录">
          <TreeSelect allowClear treeDefaultExpandAll placeholder="顶级目录" treeData={parentOptions(menus, id)} />
        </Form.Item>
        <Form.Item name="type" label="菜单类型" rules={[{ required: true, message: '请选择菜单类型' }]}>
          <Radio.Group options={typeOptions} optionType="button" />
        </Form.Item>
        <Form.Item name="fullName" label="菜单名称" rules={[{ required: true, message: '请输入菜单名称' }, checked(shape.fullName)]}>
          <Input allowClear placeholder="请输入菜单名称" />
        </Form.Item>
        <Form.Item name="enCode" label="菜单编码" rules={[{ required: true, message: '请输入菜单编码' }, checked(shape.enCode)]}>
          <Input allowClear placeholder="字母开头，如 parkingList" />
        </Form.Item>
        <Form.Item name="icon" label="图标" rules={[{ required: true, message: '请选择图标' }]}>
          <MenuIconPicker />
        </Form.Item>
        {type === pageType && (
          <Form.Item name="urlAddress" label="路由地址" rules={[{ required: true, message: '页面必须填写路由地址，如 system/user' }, checked(shape.urlAddress)]}>
            <Input allowClear placeholder="如 system/user" />
          </Form.Item>
        )}
        <Form.Item name="sortCode" label="排序" extra="数字越小越靠前" rules={[numberRule({ label: '排序', min: 0, max: 99999 })]}>
          <InputNumber style={{ width: '100%' }} placeholder="0-99999" />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
