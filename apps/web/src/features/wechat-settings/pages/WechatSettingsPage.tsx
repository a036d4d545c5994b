import { WechatSettingsForm } from '@/features/wechat-settings/components/WechatSettingsForm';

/** Admin route `/system/wechat`. */
export function WechatSettingsPage() {
  return <WechatSettingsForm />;
}
