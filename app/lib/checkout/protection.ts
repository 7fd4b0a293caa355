import type { Cart, ProtectionKind, ProtectionPlan } from '~/lib/contract/checkout';
import type { DealType } from '~/lib/contract/orders';

// Which protection plans can be in a cart together (seed 002 §2 "Protection plans"): the
// appearance-plus-mechanical package replaces either single plan, a single plan replaces the
// package, and GAP (finance and lease only) goes with any of them.

export const PROTECTION_KIND_LABELS: Record<ProtectionKind, string> = {
  appearance: 'Appearance',
  mechanical: 'Mechanical',
  appearanceMechanical: 'Appearance + Mechanical',
  gap: 'GAP',
};

const OVERLAPS: Record<ProtectionKind, readonly ProtectionKind[]> = {
  appearance: ['appearance', 'appearanceMechanical'],
  mechanical: ['mechanical', 'appearanceMechanical'],
  appearanceMechanical: ['appearance', 'mechanical', 'appearanceMechanical'],
  gap: ['gap'],
};

/** The plans offered for this purchase type (GAP only for finance and lease). */
export function plansFor(plans: readonly ProtectionPlan[], dealType: DealType): ProtectionPlan[] {
  return plans.filter((plan) => plan.dealTypes.includes(dealType));
}

/** The plan ids after adding one: plans it overlaps with leave the cart. */
export function planIdsAfterAdding(chosen: readonly ProtectionPlan[], plan: ProtectionPlan): string[] {
  const kept = chosen.filter((item) => !OVERLAPS[plan.kind].includes(item.kind));
  return [...kept.map((item) => item.id), plan.id];
}

/** The plan ids after removing one. */
export function planIdsAfterRemoving(chosen: readonly ProtectionPlan[], planId: string): string[] {
  return chosen.filter((item) => item.id !== planId).map((item) => item.id);
}

/** The cart's protection status in words (seed 002 §4: added, declined, removed). */
export function protectionStatusText(protection: Cart['protection']): string {
  if (protection.status === 'declined') return 'You declined vehicle protection.';
  if (protection.status === 'added') return `Added: ${protection.plans.map((plan) => plan.name).join(', ')}`;
  return 'No protection plan added yet.';
}
