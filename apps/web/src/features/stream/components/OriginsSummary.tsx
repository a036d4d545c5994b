import type { StreamRule } from '@nimbus/contract';
import { Flex, Popover, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { originText } from '@/features/stream/lib/stream-form';

/** The first origin and how many more; the whole set (weights, main/backup) on hover. */
export function OriginsSummary({ origins }: { origins: StreamRule['origins'] }) {
  const { t } = useTranslation();
  const [first] = origins;
  if (!first) return <Typography.Text type="secondary">-</Typography.Text>;
  const role = (r: 'main' | 'backup') =>
    r === 'main' ? (
      <Tag color="blue">{t('stream.origins.main')}</Tag>
    ) : (
      <Tag>{t('stream.origins.backup')}</Tag>
    );
  return (
    <Popover
      title={t('stream.origins.title', { n: origins.length })}
      content={
        <Flex vertical gap={4}>
          {origins.map((o, index) => (
            <Flex key={index} gap={8} align="center">
              {role(o.role)}
              <Typography.Text>{originText(o)}</Typography.Text>
              <Typography.Text type="secondary">
                {t('stream.origins.weight', { weight: o.weight })}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      }
    >
      <span style={{ cursor: 'default', whiteSpace: 'nowrap' }}>
        {originText(first)}
        {origins.length > 1 && (
          <Typography.Text type="secondary">{` ${t('stream.origins.more', { n: origins.length - 1 })}`}</Typography.Text>
        )}
      </span>
    </Popover>
  );
}
