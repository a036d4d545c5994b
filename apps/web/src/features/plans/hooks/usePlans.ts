import type { Order, PackageListRequest, PlanListRequest, ProductKind } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { planKeys, plansApi } from '@/features/plans/api/plans-api';
import { payOrderRoute } from '@/features/plans/lib/routes';

/** The products of a kind on sale; `enabled` waits for a dialog to open. */
export function useProductsOnSale(kind: ProductKind, enabled = true) {
  return useQuery({
    queryKey: planKeys.onSale(kind),
    queryFn: ({ signal }) => plansApi.onSale(kind, signal),
    enabled,
  });
}

export function useOwnPlans(body: PlanListRequest) {
  return useQuery({
    queryKey: planKeys.own(body),
    queryFn: ({ signal }) => plansApi.own(body, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVasList(body: PlanListRequest) {
  return useQuery({
    queryKey: planKeys.vas(body),
    queryFn: ({ signal }) => plansApi.vasList(body, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePackages(body: PackageListRequest) {
  return useQuery({
    queryKey: planKeys.packages(body),
    queryFn: ({ signal }) => plansApi.packageList(body, signal),
    placeholderData: keepPreviousData,
  });
}

/** The CDN plans in force, summed, beside their use (and the traffic packages' standing). */
export function usePlanUsage() {
  return useQuery({ queryKey: planKeys.usage(), queryFn: ({ signal }) => plansApi.usage(signal) });
}

/**
 * Places an order (purchase, renewal, upgrade, value-added service) and takes the customer to
 * pay it: nothing changes on a plan until its order is paid there.
 */
export function usePlaceOrder<T>(place: (body: T) => Promise<Order>) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: place,
    onSuccess: (order) => void navigate(payOrderRoute(order.serialNumber)),
  });
}
