import { AuthorizationPanel } from '@/features/authorization/components/AuthorizationPanel';

/** DNS admin console `/authorization` (the avatar entry "authorization info", issue 22 §3). */
export function AuthorizationPage() {
  return <AuthorizationPanel />;
}
