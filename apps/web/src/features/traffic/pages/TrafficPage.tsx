import { TrafficView } from '@/features/traffic/components/TrafficView';

/** Customer route `/cdn/es/site`: the traffic of all sites, one site or a group. */
export function TrafficPage() {
  return <TrafficView />;
}
