import { BarChartOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordTypeRows } from '@/features/dashboard/lib/dns-figures';
import { Panel } from '@/shared/ui/Panel';
import { MutedText } from '@/shared/ui/PlainText';

/** How many records of each type the customer has, as bars (plain boxes: a handful of rows needs no chart library). */
export function DnsRecordTypes({ byType }: { byType: Readonly<Record<string, number>> }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const rows = recordTypeRows(byType);
  return (
    <Panel
      title={
        <span>
          <BarChartOutlined /> {t('dashboard.dns.byType')}
        </span>
      }
      style={{ height: '100%' }}
    >
      {rows.length === 0 && <MutedText>{t('dashboard.dns.noRecords')}</MutedText>}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
        {rows.map((row) => (
          <li
            key={row.type}
            aria-label={t('dashboard.dns.byTypeRow', { type: row.type, count: row.count })}
            style={{ display: 'grid', gridTemplateColumns: '56px 1fr 64px', alignItems: 'center', gap: 12 }}
          >
            <span style={{ fontFamily: token.fontFamilyCode, fontWeight: token.fontWeightStrong }}>
              {row.type}
            </span>
            <span
              style={{
                height: 12,
                borderRadius: 6,
                background: token.colorFillSecondary,
                overflow: 'hidden',
              }}
            >
              <span
                style={{
                  display: 'block',
                  height: '100%',
                  width: `${Math.max(row.share * 100, 2)}%`,
                  borderRadius: 6,
                  background: token.colorPrimary,
                }}
              />
            </span>
            <span style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{row.count}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
