import { Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Panel } from '@/shared/ui/Panel';

interface Props {
  title: string;
  icon: ReactNode;
  value: ReactNode;
  /** A follow-up link (shown only when the console routes it). */
  action?: { label: string; to: string };
}

/** One account fact on the dashboard: a title, a value and an optional follow-up link. */
export function FactCard({ title, icon, value, action }: Props) {
  return (
    <Panel style={{ height: '100%' }}>
      <Statistic
        title={
          <span>
            {icon} {title}
          </span>
        }
        valueRender={() => <span style={{ fontSize: 22, fontWeight: 500 }}>{value}</span>}
      />
      <div style={{ marginTop: 8, minHeight: 22 }}>
        {action && <Link to={action.to}>{action.label}</Link>}
      </div>
    </Panel>
  );
}
