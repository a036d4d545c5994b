import type { RecursorState } from '@nimbus/contract';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The PowerDNS Recursor the settings are applied to: where it answers, or why it is not running
 * and the command that installs it. Nothing on this screen is answered without it.
 */
export function RecursorStatus({ recursor }: { recursor: RecursorState }) {
  const { t } = useTranslation();
  if (recursor.state === 'missing')
    return (
      <Alert
        type="error"
        showIcon
        title={t('recursiveDns.recursor.missing', { reason: recursor.reason })}
        description={
          <span>
            {t('recursiveDns.recursor.install')}{' '}
            <Typography.Text code copyable={{ text: recursor.install }}>
              {recursor.install}
            </Typography.Text>
          </span>
        }
      />
    );
  return (
    <Alert
      type="success"
      showIcon
      title={t('recursiveDns.recursor.ready', { version: recursor.version, address: recursor.dns })}
      description={
        <Flex vertical gap={2}>
          <span>{t('recursiveDns.recursor.applied')}</span>
          {!recursor.rootHintsSettable && <span>{t('recursiveDns.recursor.rootHintsFixed')}</span>}
        </Flex>
      }
    />
  );
}
