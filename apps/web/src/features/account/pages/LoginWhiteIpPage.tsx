import { useQuery } from '@tanstack/react-query';
import { AccountPlaceholder } from '@/features/account/components/AccountPlaceholder';
import { WhiteIpForm } from '@/features/account/components/WhiteIpForm';
import { accountApi, whiteIpQueryKey } from '@/features/account/api/account-api';

/** Customer login white IP (spec §2 account/login-white-ip). */
export function LoginWhiteIpPage() {
  const query = useQuery({ queryKey: whiteIpQueryKey, queryFn: ({ signal }) => accountApi.whiteIp(signal) });
  if (!query.data) return <AccountPlaceholder failed={query.isError} onRetry={() => void query.refetch()} />;
  return <WhiteIpForm data={query.data} />;
}
