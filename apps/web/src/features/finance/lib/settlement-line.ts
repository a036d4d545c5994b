import {
  formatMoney,
  formatSettlementFigure,
  formatSettlementMonth,
  settlementUnit,
  type Settlement,
} from '@nimbus/contract';
import type { TFunction } from 'i18next';

/**
 * A settlement in the reader's language (the stored note is in the platform's): month, plan,
 * what was measured, the figure, its price and the amount.
 */
export function settlementLine(settlement: Settlement, t: TFunction, priceUnit: string): string {
  return t('settlement.line', {
    month: formatSettlementMonth(settlement.month),
    plan: settlement.planName,
    kind: t(`settlement.kind.${settlement.kind}`),
    figure: formatSettlementFigure(settlement.kind, settlement.figure),
    price: `${formatMoney(settlement.unitPriceCents, priceUnit)}/${settlementUnit(settlement.kind)}`,
    amount: formatMoney(settlement.amount, priceUnit),
  });
}
