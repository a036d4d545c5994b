import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { REALNAME_TAG_COLOR, realnameState } from '@/features/account/lib/realname';

/** A customer's real-name status as a coloured tag (used by account info and the admin list). */
export function RealnameTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const state = realnameState(status);
  return <Tag color={REALNAME_TAG_COLOR[state]}>{t(`account.realname.${state}`)}</Tag>;
}
