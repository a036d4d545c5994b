import { QuestionCircleOutlined } from '@ant-design/icons';
import { theme, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * A control with its name before it and a "?" that says what it does. The name is a visible
 * label (WCAG 3.3.2); the field's accessible name is given by the field itself (`aria-label`),
 * since antd's selects and segmented controls are not labelable elements.
 */
export function KnobLabel({ label, help, children }: { label: string; help: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXS }}>
      <span style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>
        {label}{' '}
        <Tooltip title={help}>
          <QuestionCircleOutlined aria-label={help} tabIndex={0} />
        </Tooltip>
      </span>
      {children}
    </span>
  );
}
