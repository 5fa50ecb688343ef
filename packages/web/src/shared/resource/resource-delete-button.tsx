import { Button, Popconfirm, Tooltip } from 'antd';

export const deleteConfirmTitle = (name: string) => `确定删除这条${name}吗？`;
export const deleteConfirmText = '删除后不可恢复。';

interface ResourceDeleteButtonProps {
  name: string;
  onConfirm: () => Promise<unknown>;
  /** set when this row may not be deleted (a system row…): the button is disabled and says why */
  refusal?: string | undefined;
}

/** 删除 in a row, asking first; a refused call was reported by the HTTP layer, so the row simply stays. */
export function ResourceDeleteButton({ name, onConfirm, refusal }: ResourceDeleteButtonProps) {
  if (refusal) {
    return (
      <Tooltip title={refusal}>
        <Button type="link" size="small" danger disabled>
          删除
        </Button>
      </Tooltip>
    );
  }
  return (
    <Popconfirm
      placement="topRight"
      title={deleteConfirmTitle(name)}
      description={deleteConfirmText}
      okText="删除"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      <Button type="link" size="small" danger>
        删除
      </Button>
    </Popconfirm>
  );
}
