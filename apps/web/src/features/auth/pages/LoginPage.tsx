import { LoginPanel } from '@/features/auth/components/LoginPanel';

/** `/login` of each console: customer consoles log in through `app/`, admin consoles through `sys/`. */
export function LoginPage() {
  return <LoginPanel />;
}
