import { Flex } from 'antd';
import { PackagePurchase } from '@/features/plans/components/PackagePurchase';
import { TrafficPackages } from '@/features/plans/components/TrafficPackages';

/** Customer route `/cdn/plan/prepaid`: the traffic packages owned, and buying another. */
export function TrafficPackagesPage() {
  return (
    <Flex vertical gap={16}>
      <TrafficPackages />
      <PackagePurchase />
    </Flex>
  );
}
