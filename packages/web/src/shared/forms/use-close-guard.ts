import type { FormInstance } from 'antd';
import { App } from 'antd';

export const discardTitle = '放弃未保存的修改？';
export const discardContent = '表单中的修改尚未保存，关闭后将不会保留。';
export const discardOkText = '放弃修改';
export const keepEditingText = '继续编辑';

/**
 * A form dialog's 取消, ✕ and Esc: closes at once when nothing was typed, and asks first when
 * something was, so a stray key never throws away what the user entered.
 */
export function useCloseGuard(form: FormInstance, onClose: () => void): () => void {
  const { modal } = App.useApp();
  return () => {
    if (!form.isFieldsTouched()) {
      onClose();
      return;
    }
    modal.confirm({
      title: discardTitle,
      content: discardContent,
      okText: discardOkText,
      cancelText: keepEditingText,
      okButtonProps: { danger: true },
      onOk: onClose,
    });
  };
}
