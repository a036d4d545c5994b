import { RightOutlined } from '@ant-design/icons';
import { Col, Row, theme } from 'antd';
import { Panel } from '@/shared/ui/Panel';
import { MutedText } from '@/shared/ui/PlainText';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isContainer, type ConsoleRoute } from '@/app/routing/menu-routes';
import { useConsoleRoutes } from '@/app/routing/route-context';
import { MenuIcon } from '@/features/layout/components/menu-icons';

/** The screens of this console that work today (visible, available, not the dashboard itself). */
export function workingScreens(routes: readonly ConsoleRoute[]): ConsoleRoute[] {
  return routes.filter(
    (route) =>
      route.node.meta.available !== false &&
      !route.node.meta.hidden &&
      route.component !== 'dashboard' &&
      route.component !== 'admin/dashboard' &&
      route.component !== 'unavailable',
  );
}

/** A grid of links to the working screens, each with its menu group and icon. */
export function Shortcuts({ title }: { title: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = workingScreens(useConsoleRoutes());
  return (
    <Panel title={title} style={{ height: '100%' }}>
      <Row gutter={[12, 12]}>
        {screens.map((route) => {
          const group = route.trail.find(isContainer);
          const icon = route.node.meta.icon ?? group?.meta.icon;
          return (
            <Col key={route.path} xs={24} sm={12}>
              <Link to={route.path} style={{ display: 'block' }}>
                <div
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 12,
                    minHeight: 64,
                    padding: '10px 14px',
                    border: `1px solid ${token.colorBorderSecondary}`,
                    borderRadius: token.borderRadiusLG,
                    color: token.colorText,
                  }}
                >
                  <span style={{ fontSize: 20, color: token.colorPrimary }}>
                    <MenuIcon name={icon} />
                  </span>
                  <span style={{ flex: 1, minWidth: 0 }}>
                    <span
                      style={{
                        display: 'block',
                        fontWeight: token.fontWeightStrong,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {t(route.node.meta.title)}
                    </span>
                    {group && <MutedText style={{ fontSize: 12 }}>{t(group.meta.title)}</MutedText>}
                  </span>
                  <RightOutlined style={{ color: token.colorTextTertiary, fontSize: 12 }} />
                </div>
              </Link>
            </Col>
          );
        })}
      </Row>
    </Panel>
  );
}
