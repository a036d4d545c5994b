import { MESSAGE_TYPE } from '@nimbus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = {
  [MESSAGE_TYPE.letter]: 'blue',
  [MESSAGE_TYPE.announcement]: 'gold',
  [MESSAGE_TYPE.workOrder]: 'green',
};

/** Spec §3: 1 internal letter, 2 announcement, 3 work order. */
export function MessageTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  const known = type in COLORS;
  return (
    <Tag color={COLORS[type] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {known ? t(`message.type.${type}`) : t('message.type.other')}
    </Tag>
  );
}
