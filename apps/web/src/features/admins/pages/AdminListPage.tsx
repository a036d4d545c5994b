import { AdminList } from '@/features/admins/components/AdminList';

/** Admin route `/account/admins`. */
export function AdminListPage() {
  return <AdminList />;
}
