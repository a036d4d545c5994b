import { Flex } from 'antd';
import { ApiKeyPanel } from '@/features/dns-api-key/components/ApiKeyPanel';
import { ApiKeyUsage } from '@/features/dns-api-key/components/ApiKeyUsage';

/** DNS user console `/api-key` (the avatar entry "API key", issue 9 §2). */
export function DnsApiKeyPage() {
  return (
    <Flex vertical gap={16}>
      <ApiKeyPanel />
      <ApiKeyUsage />
    </Flex>
  );
}
