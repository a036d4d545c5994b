import { StreamMonitor } from '@/features/stream-stats/components/StreamMonitor';

/** Customer route `/cdn/stream/es`: bandwidth and sessions of the forwarding rules. */
export function StreamMonitorPage() {
  return <StreamMonitor />;
}
