import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A toolbar field with its name shown before it: a placeholder alone disappears as soon as one
 * types (WCAG 3.3.2). The label wraps the field, so clicking the name focuses it and the name is
 * the field's accessible name.
 */
export function FilterLabel({ label, children }: { label: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <label style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXS }}>
      <span style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>{label}</span>
      {children}
    </label>
  );
}
