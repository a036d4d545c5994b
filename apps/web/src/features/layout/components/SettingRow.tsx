import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A label on the left and its control on the right, the row of the theme drawer. */
export function SettingRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
        minHeight: 36,
      }}
    >
      <Typography.Text>{label}</Typography.Text>
      {children}
    </div>
  );
}

export function SettingTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={5} style={{ margin: '20px 0 8px' }}>
      {children}
    </Typography.Title>
  );
}
