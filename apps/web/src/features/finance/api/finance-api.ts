import {
  FINANCE_PATHS,
  type AdminLedgerListRequest,
  type CustomerBalance,
  type LedgerListRequest,
  type LedgerEntry,
  type ManualRechargeRequest,
  type ManualRechargeResult,
  type Page,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const ledgerQueryKey = ['finance', 'ledger'] as const;
export const balanceQueryKey = ['finance', 'balance'] as const;

export const financeApi = {
  ledger: (body: LedgerListRequest, signal?: AbortSignal) =>
    api.post<Page<LedgerEntry>>(FINANCE_PATHS.ledger, body, signal),
  adminLedger: (body: AdminLedgerListRequest, signal?: AbortSignal) =>
    api.post<Page<LedgerEntry>>(FINANCE_PATHS.adminLedger, body, signal),
  balance: (username: string, signal?: AbortSignal) =>
    api.get<CustomerBalance>(FINANCE_PATHS.adminBalance, { username }, signal),
  recharge: (body: ManualRechargeRequest) =>
    api.post<ManualRechargeResult>(FINANCE_PATHS.adminRecharge, body),
};
