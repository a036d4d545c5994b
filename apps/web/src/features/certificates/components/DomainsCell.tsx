import { Button, Flex, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SHOWN = 2;

/** The first two domains, and "+N" opening all of them. */
export function DomainsCell({ domains }: { domains: string[] }) {
  const { t } = useTranslation();
  if (domains.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {domains.slice(0, SHOWN).map((domain) => (
        <span key={domain} style={{ whiteSpace: 'nowrap' }}>
          {domain}
        </span>
      ))}
      {domains.length > SHOWN && (
        <Popover
          trigger="click"
          title={t('certificates.domains.allTitle', { n: domains.length })}
          content={
            <Flex vertical gap={2} style={{ maxHeight: 320, overflowY: 'auto' }}>
              {domains.map((domain) => (
                <span key={domain}>{domain}</span>
              ))}
            </Flex>
          }
        >
          <Button type="link" size="small" style={{ padding: 0, alignSelf: 'flex-start' }}>
            {t('certificates.domains.more', { n: domains.length - SHOWN })}
          </Button>
        </Popover>
      )}
    </Flex>
  );
}
