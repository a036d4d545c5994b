import { CloudOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentVariant } from '@/app/variant';
import { siteTitleOf, useWebConfig } from '@/shared/config/useWebConfig';

interface Props {
  /** The area behind the brand is dark (dark mode, or a dark header/sider). */
  onDark: boolean;
  showName: boolean;
}

/** Logo (light or dark variant per background, spec §3 basic.logoImgLight/Dark) and site name. */
export function SiteBrand({ onDark, showName }: Props) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const { token } = theme.useToken();
  const { logoImgLight, logoImgDark } = config.basic;
  const logo = onDark ? logoImgDark || logoImgLight : logoImgLight || logoImgDark;
  const name = config.basic.webName || siteTitleOf(config);
  return (
    <Link
      to="/console"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        height: '100%',
        minWidth: 0,
        color: onDark ? '#fff' : token.colorText,
        textDecoration: 'none',
      }}
    >
      {logo ? (
        <img
          src={logo}
          alt={name}
          style={{ height: 32, maxWidth: showName ? 48 : 40, objectFit: 'contain' }}
        />
      ) : (
        <CloudOutlined style={{ fontSize: 28, color: token.colorPrimary }} aria-label={name} />
      )}
      {showName && (
        <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.25 }}>
          <span
            style={{
              fontSize: 17,
              fontWeight: 600,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {name}
          </span>
          {/* Four consoles share one look: the label says which one this is. */}
          <span style={{ fontSize: 12, opacity: 0.65, whiteSpace: 'nowrap' }}>
            {t(`layout.consoleName.${currentVariant.variant}`)}
          </span>
        </span>
      )}
    </Link>
  );
}
