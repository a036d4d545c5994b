import type { DnsServiceStatus } from '@nimbus/contract';
import { Suspense } from 'react';
import { loadFeatureStrings } from '@/i18n/feature-strings';
import { lazyNamed } from '@/shared/lazy/lazy-page';

/*
 * The DNS pages' own "PowerDNS is not running" notice, in their words. It and the DNS pages'
 * strings load only when PowerDNS is missing, so a working dashboard does not carry them
 * (STRINGS_LOADED_ON_DEMAND in feature-strings.ts).
 */
const DnsServiceAlert = lazyNamed(
  () =>
    Promise.all([import('@/features/dns/components/DnsServiceAlert'), loadFeatureStrings(['dns'])]).then(
      ([module]) => module,
    ),
  'DnsServiceAlert',
);

/** Nothing while PowerDNS answers; why it does not, and how to install it, when it does not. */
export function DnsServiceNotice({ status }: { status: DnsServiceStatus | undefined }) {
  if (!status || status.ready) return null;
  return (
    <Suspense fallback={null}>
      <DnsServiceAlert status={status} />
    </Suspense>
  );
}
