import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled, WarningFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Heading, MutedText } from '@/shared/ui/PlainText';

export type PanelStatus = 'success' | 'info' | 'warning' | 'error';

const ICONS = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: WarningFilled,
  error: CloseCircleFilled,
};

/**
 * antd's Result for the statuses drawn with an icon, without its 403/404/500 illustrations
 * (10 KB gzip that the console frame and its failure screens would otherwise always carry).
 */
export function StatusPanel({
  status,
  title,
  subTitle,
  extra,
  role,
  style,
}: {
  status: PanelStatus;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  role?: 'alert' | 'status';
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  const Icon = ICONS[status];
  const color = {
    success: token.colorSuccess,
    info: token.colorInfo,
    warning: token.colorWarning,
    error: token.colorError,
  }[status];
  return (
    <Flex
      vertical
      align="center"
      gap={8}
      role={role}
      style={{ padding: '48px 32px', textAlign: 'center', ...style }}
    >
      <Icon style={{ fontSize: 72, color }} />
      <Heading level={3} style={{ margin: '16px 0 0' }}>
        {title}
      </Heading>
      {subTitle && <MutedText>{subTitle}</MutedText>}
      {extra && (
        <Flex gap={8} justify="center" wrap style={{ marginTop: 16 }}>
          {extra}
        </Flex>
      )}
    </Flex>
  );
}
