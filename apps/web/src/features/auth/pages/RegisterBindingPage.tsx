import { WechatBindingPanel } from '@/features/auth/components/WechatBindingPanel';

/** `/register-binding`: where a WeChat scan bound to no account lands (with its ticket). */
export function RegisterBindingPage() {
  return <WechatBindingPanel />;
}
