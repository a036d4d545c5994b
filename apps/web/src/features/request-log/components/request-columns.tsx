import { formatBytes, type RequestLogColumn, type RequestLogRow } from '@nimbus/contract';
import { Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';

/** antd's tag colour of a status class: 2xx fine, 3xx redirect, 4xx client, 5xx server. */
export function statusColor(status: number): string {
  if (status >= 500) return 'error';
  if (status >= 400) return 'warning';
  if (status >= 300) return 'processing';
  return 'success';
}

const clipped = (text: string, width: number): ReactNode =>
  text ? (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  ) : (
    '-'
  );

/** How a chosen column reads in the table (the detail drawer shows every field in full). */
export const CELLS: Readonly<Record<RequestLogColumn, Pick<ColumnType<RequestLogRow>, 'render' | 'width'>>> =
  {
    domain: { width: 180, render: (_, r) => clipped(r.domain, 180) },
    clientIp: { width: 150, render: (_, r) => r.clientIp },
    region: { width: 160, render: (_, r) => [r.region, r.isp].filter(Boolean).join(' · ') || '-' },
    method: { width: 80, render: (_, r) => r.method },
    status: { width: 80, render: (_, r) => <Tag color={statusColor(r.status)}>{r.status}</Tag> },
    bytesOut: { width: 110, render: (_, r) => formatBytes(r.bytesOut) },
    requestMs: { width: 100, render: (_, r) => `${r.requestMs} ms` },
    cache: { width: 100, render: (_, r) => <Tag>{r.cache || '-'}</Tag> },
    referer: { width: 200, render: (_, r) => clipped(r.referer, 200) },
    userAgent: { width: 220, render: (_, r) => clipped(r.userAgent, 220) },
    nodeName: { width: 120, render: (_, r) => r.nodeName || '-' },
    protocol: { width: 110, render: (_, r) => r.protocol || '-' },
  };
