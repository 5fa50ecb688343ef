import type { FormInstance } from 'antd';
import { useState } from 'react';

/**
 * A dialog's 确定: the form's own checks first (their messages stay under the fields), then `save`
 * with the values, `saving` while it runs. A failed save leaves the form as typed and hands the error
 * to `onError` (the HTTP layer has usually shown it already); a successful one keeps `saving`, as
 * the dialog closes or the page reloads next.
 */
export function useFormSubmit<V>(form: FormInstance<V>, save: (values: V) => Promise<void>, onError: (error: unknown) => void = () => undefined) {
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await save(values);
    } catch (error) {
      onError(error);
      setSaving(false);
    }
  };
  return { saving, submit };
}
