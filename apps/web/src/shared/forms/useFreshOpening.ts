import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * Each opening of a dialog's form starts from `values`. A dialog keeps one form instance across
 * openings, and antd fills a remounted form's fields from `initialValues` only where its store
 * holds no value yet: without this, "Add" after "Edit" shows what was edited. `opening` names
 * what the dialog is open for (undefined while closed); `values` are that opening's
 * initialValues, every field included.
 */
export function useFreshOpening<V>(form: FormInstance<V>, opening: unknown, values: Partial<V>): void {
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    // Once per opening (`values` is rebuilt on every render).
    if (opening !== undefined)
      form.setFieldsValue(latest.current as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, opening]);
}
