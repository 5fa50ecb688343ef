import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * Keeps a search form in step with the URL it searches by, without remounting it: the form's own
 * search is already on screen, so only a change from elsewhere (back/forward, a link, 重置) is
 * written into its fields. A remount would drop whatever was typed while the page re-rendered.
 */
export function useUrlSyncedForm<V extends object>(form: FormInstance<V>, fromUrl: V) {
  // compared as text, written as the values themselves (date ranges are dayjs objects)
  const incoming = JSON.stringify(fromUrl);
  const latest = useRef(fromUrl);
  latest.current = fromUrl;
  const shown = useRef(incoming);
  useEffect(() => {
    if (incoming === shown.current) return;
    shown.current = incoming;
    const blank = Object.fromEntries(Object.keys(form.getFieldsValue(true) as object).map((name) => [name, undefined]));
    form.setFieldsValue({ ...blank, ...latest.current } as Parameters<FormInstance<V>['setFieldsValue']>[0]);
  }, [form, incoming]);
  /** call with what the form is about to search by, so the URL change it causes is not written back */
  return (submitted: V) => {
    shown.current = JSON.stringify(submitted);
  };
}
