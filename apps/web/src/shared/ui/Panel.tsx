import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A titled box in the look of antd's Card, for the dashboards (a logged-in first load). antd's
 * Card brings Tabs (for its tab list) with it — about 9 KB gzip these screens never use.
 */
export function Panel({
  title,
  extra,
  children,
  style,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      className="nimbus-panel"
      style={{
        background: token.colorBgContainer,
        border: line,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        ...style,
      }}
    >
      {title !== undefined && (
        <header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: token.marginSM,
            minHeight: 56,
            padding: `0 ${token.paddingLG}px`,
            borderBottom: line,
          }}
        >
          <h2
            style={{
              flex: 1,
              margin: 0,
              fontSize: token.fontSizeLG,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {title}
          </h2>
          {extra}
        </header>
      )}
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
