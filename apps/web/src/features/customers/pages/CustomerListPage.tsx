import { CustomerList } from '@/features/customers/components/CustomerList';

/** Admin: account management (`/account/customers`). */
export function CustomerListPage() {
  return <CustomerList />;
}
