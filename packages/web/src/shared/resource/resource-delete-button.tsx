import { Button, Popconfirm } from 'antd';
import { RefusalHint } from '../components/refusal-hint';

/** The question before a destructive action names the kind and the one object it hits: 确定删除集团卡「JT0001」吗？ */
export const confirmTitle = (verb: string, kind: string, target: string | undefined) => (target ? `确定${verb}${kind}「${target}」吗？` : `确定${verb}这条${kind}吗？`);
export const deleteConfirmTitle = (kind: string, target: string | undefined) => confirmTitle('删除', kind, target);
export const deleteConfirmText = '删除后不可恢复。';

interface ResourceDeleteButtonProps {
  /** what one row is called (集团卡) */
  kind: string;
  /** the row's own name, number or plate, so the question says which one goes */
  target?: string | undefined;
  onConfirm: () => Promise<unknown>;
  /** set when this row may not be deleted (a system row…): the button is disabled and says why */
  refusal?: string | undefined;
}

/** 删除 in a row, asking first; a refused call was reported by the HTTP layer, so the row simply stays. */
export function ResourceDeleteButton({ kind, target, onConfirm, refusal }: ResourceDeleteButtonProps) {
  if (refusal) {
    return (
      <RefusalHint refusal={refusal}>
        <Button type="link" size="small" danger disabled>
          删除
        </Button>
      </RefusalHint>
    );
  }
  return (
    <Popconfirm
      placement="topRight"
      title={deleteConfirmTitle(kind, target)}
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
