import { PRODUCT_ATTRS, type PlanStatus, type ProductAttrName } from '@nimbus/contract';

type Attrs = Record<string, number | boolean>;

/** A value-added service's attributes for `quantity` units: counts multiply, switches stay on. */
export function timesQuantity(attrs: Attrs, quantity: number): Attrs {
  return Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [
      name,
      typeof value === 'number' ? value * quantity : value,
    ]),
  );
}

/** A plan's attributes with its value-added services': counts add up, a switch is on if any turns it on. */
export function withServices(plan: Attrs, services: readonly Attrs[]): Attrs {
  const total: Attrs = { ...plan };
  for (const service of services)
    for (const [name, value] of Object.entries(service)) {
      if (!(name in PRODUCT_ATTRS)) continue;
      const kind = PRODUCT_ATTRS[name as ProductAttrName].type;
      const current = total[name];
      total[name] =
        kind === 'switch'
          ? Boolean(current) || Boolean(value)
          : (typeof current === 'number' ? current : 0) + (typeof value === 'number' ? value : 0);
    }
  return total;
}

/** When a service stops counting: its own end or its plan's, whichever comes first (ADR 0029). */
export function serviceEndOf(service: { endsAt: Date | null }, planEndsAt: Date): Date {
  return service.endsAt !== null && service.endsAt < planEndsAt ? service.endsAt : planEndsAt;
}

/** Spec §4 plan status: invalid (refunded), expired, in use (sites draw on it; a DNS plan while in force), or unused. */
export function planStatus(
  plan: { invalid: boolean; endsAt: Date; kind: string },
  siteCount: number,
  now: Date,
): PlanStatus {
  if (plan.invalid) return 'invalid';
  if (plan.endsAt.getTime() <= now.getTime()) return 'expired';
  // A DNS plan carries no sites: in force, its quotas apply to all of the customer's zones.
  return siteCount > 0 || plan.kind === 'dns_plan' ? 'in_use' : 'unused';
}
