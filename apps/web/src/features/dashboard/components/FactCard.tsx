import { Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Panel } from '@/shared/ui/Panel';
import { MutedText } from '@/shared/ui/PlainText';

interface Props {
  title: string;
  icon: ReactNode;
  value: ReactNode;
  /** A line under the value saying what it counts. */
  note?: ReactNode;
  /** A follow-up link (shown only when the console routes it). */
  action?: { label: string; to: string };
}

/** One fact on the dashboard: a title, a value, what it counts and an optional follow-up link. */
export function FactCard({ title, icon, value, note, action }: Props) {
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
      {note && (
        <MutedText block style={{ margin: '4px 0 0' }}>
          {note}
        </MutedText>
      )}
      <div style={{ marginTop: 8, minHeight: 22 }}>
        {action && <Link to={action.to}>{action.label}</Link>}
      </div>
    </Panel>
  );
}
