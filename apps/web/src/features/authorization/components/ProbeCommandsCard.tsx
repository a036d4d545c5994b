import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { maskKey, probeCommands } from '@/features/authorization/lib/probe-commands';

export interface ProbeCommandsCardProps {
  importUrl: string;
  reportUrl: string;
  probeKey: string;
  revealed: boolean;
}

/**
 * How an external probe connects: import the node list, then report what it measured. The
 * commands show the key as the key card does; copying copies them with the whole key.
 */
export function ProbeCommandsCard({ importUrl, reportUrl, probeKey, revealed }: ProbeCommandsCardProps) {
  const { t } = useTranslation();
  const commands = probeCommands({ importUrl, reportUrl }, probeKey);
  const shown = probeCommands({ importUrl, reportUrl }, revealed ? probeKey : maskKey(probeKey));
  const copyable = (text: string) => ({
    text,
    tooltips: [t('authorization.key.copy'), t('authorization.key.copied')],
  });
  return (
    <Card title={t('authorization.probe.title')}>
      <Typography.Paragraph type="secondary">{t('authorization.probe.intro')}</Typography.Paragraph>
      {!commands || !shown ? (
        <Alert
          type="warning"
          showIcon
          data-testid="authorization-no-url"
          title={
            <span>
              {t('authorization.probe.noPublicUrl')}{' '}
              <Link to="/system/web-config">{t('authorization.install.setIt')}</Link>
            </span>
          }
        />
      ) : (
        <>
          <Typography.Paragraph strong>{t('authorization.probe.importLabel')}</Typography.Paragraph>
          <Typography.Paragraph
            code
            copyable={copyable(commands.importNodes)}
            data-testid="authorization-import-command"
            style={{ wordBreak: 'break-all' }}
          >
            {shown.importNodes}
          </Typography.Paragraph>
          <Typography.Paragraph strong>{t('authorization.probe.reportLabel')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('authorization.probe.reportHelp')}</Typography.Paragraph>
          <Typography.Paragraph
            code
            copyable={copyable(commands.report)}
            data-testid="authorization-report-command"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {shown.report}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}
