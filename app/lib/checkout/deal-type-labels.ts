import type { DealType } from '~/lib/contract/orders';

// The purchase types' names, apart from the deal terms' pricing code (app/lib/checkout/deal-terms.ts
// re-exports them), so the vehicle page's Start purchase form does not load that code (decision 044).

export const DEAL_TYPE_LABELS: Record<DealType, string> = { Cash: 'Cash', Finance: 'Finance', Lease: 'Lease' };
