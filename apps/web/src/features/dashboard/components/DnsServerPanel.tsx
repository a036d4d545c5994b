import { formatCount, type DnsServerInfo } from '@nimbus/contract';
import { Col, Flex, Row, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keyCounters, uptimeUnits } from '@/features/dashboard/lib/dns-figures';
import { Panel } from '@/shared/ui/Panel';
import { MutedText } from '@/shared/ui/PlainText';

function Figure({ label, value }: { label: string; value: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div>
      <MutedText style={{ display: 'block', fontSize: token.fontSizeSM }}>{label}</MutedText>
      <span style={{ fontSize: token.fontSizeLG, fontWeight: 500, wordBreak: 'break-all' }}>{value}</span>
    </div>
  );
}

/**
 * One PowerDNS server as its own API describes it: version, uptime, where it answers, and the
 * counters an operator reads first. When it is not running: why, and the command that installs it.
 */
export function DnsServerPanel({
  server,
  counters,
}: {
  server: DnsServerInfo;
  /** Its counters from sys/dns/GetIndexChartData (absent while they load or when it is down). */
  counters: Readonly<Record<string, number>> | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const name = t(`dashboard.dns.server.${server.kind}`);
  const uptime =
    server.uptimeSeconds === null
      ? '—'
      : uptimeUnits(server.uptimeSeconds)
          .map(([unit, count]) => t(`dashboard.dns.unit.${unit}`, { count }))
          .join(' ');
  const figures = counters ? keyCounters(server.kind, counters) : [];

  return (
    <Panel
      title={name}
      extra={
        <Tag color={server.ready ? 'success' : 'error'} style={{ marginInlineEnd: 0 }}>
          {t(server.ready ? 'dashboard.dns.running' : 'dashboard.dns.notRunning')}
        </Tag>
      }
      style={{ height: '100%' }}
    >
      {server.ready ? (
        <Flex vertical gap={token.marginLG}>
          <Row gutter={[16, 12]} aria-label={name}>
            <Col xs={12} sm={8}>
              <Figure label={t('dashboard.dns.version')} value={server.version ?? '—'} />
            </Col>
            <Col xs={12} sm={8}>
              <Figure label={t('dashboard.dns.uptime')} value={uptime} />
            </Col>
            <Col xs={24} sm={8}>
              <Figure label={t('dashboard.dns.address')} value={server.address ?? '—'} />
            </Col>
          </Row>
          <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: token.padding }}>
            <MutedText block style={{ marginBottom: token.marginSM }}>
              {t('dashboard.dns.sinceStart')}
            </MutedText>
            {counters && figures.length === 0 ? (
              <MutedText>{t('dashboard.dns.noCounters')}</MutedText>
            ) : (
              <Row gutter={[16, 12]}>
                {figures.map((figure) => (
                  <Col key={figure.key} xs={12} sm={8}>
                    <Figure
                      label={t(`dashboard.dns.counter.${figure.key}`)}
                      value={
                        figure.kind === 'count'
                          ? formatCount(figure.value, lang)
                          : (figure.value ?? t('dashboard.dns.noRate'))
                      }
                    />
                  </Col>
                ))}
              </Row>
            )}
          </div>
        </Flex>
      ) : (
        <Flex vertical gap={8} role="alert">
          <span>{t('dashboard.dns.reason', { reason: server.reason ?? t('dashboard.dns.noReason') })}</span>
          {server.install && (
            <>
              <MutedText>{t('dashboard.dns.install')}</MutedText>
              <Typography.Text code copyable={{ text: server.install }} style={{ wordBreak: 'break-all' }}>
                {server.install}
              </Typography.Text>
              <MutedText>{t('dashboard.dns.installAfter')}</MutedText>
            </>
          )}
        </Flex>
      )}
    </Panel>
  );
}
