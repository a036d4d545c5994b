import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { isContainer, type ConsoleRoute } from '@/app/routing/menu-routes';
import { refreshPath } from '@/app/shell/keep-alive';

/**
 * The path through the menu to this page, with a back link when the route names one (meta.back)
 * and a refresh that opens the page afresh (its kept-alive state dropped).
 */
export function PageBreadcrumb({ current }: { current?: ConsoleRoute }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  if (!current) return null;
  const back = current.node.meta.back;
  const items = current.trail.map((node, index) => {
    const last = index === current.trail.length - 1;
    const title = t(node.meta.title);
    return { key: node.id, title: last || isContainer(node) ? title : <Link to={node.path}>{title}</Link> };
  });
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16, minHeight: 32 }}>
      {back && (
        <Button size="small" icon={<ArrowLeftOutlined />} onClick={() => void navigate(back)}>
          {t('layout.back')}
        </Button>
      )}
      <Breadcrumb items={items} />
      <Tooltip title={t('layout.refresh')}>
        <Button
          type="text"
          size="small"
          icon={<ReloadOutlined />}
          aria-label={t('layout.refresh')}
          onClick={() => void navigate(refreshPath(`${pathname}${search}`))}
        />
      </Tooltip>
    </div>
  );
}
