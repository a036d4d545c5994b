import { RealtimeView } from '@/features/traffic/components/RealtimeView';

/** Customer route `/cdn/analysis/ontime`: the last minutes of traffic, refreshed every 5 s. */
export function RealtimePage() {
  return <RealtimeView />;
}
