import type { Order, OrderHistory } from '~/lib/contract/orders';
import type { ContractDocument, IdVerificationStatus, SigningReadiness, SigningStatus } from '~/lib/contract/tracker';
import {
  DOCUMENT_TYPES,
  requiredDocuments,
  scenarioDealRef,
  scenarioOrderNumber,
  type Scenario,
} from '../../../server/db/seed-data/scenarios';

// What the built-in backend answers for a seeded scenario, built the way its handlers build it
// (server/orders, server/id-verification, server/contracting, server/documents,
// server/insurance), so the rules can be checked against the seed's expected steps.

export type ScenarioAnswers = {
  order: Order;
  history: OrderHistory;
  idVerification: IdVerificationStatus;
  required: ContractDocument['key'][];
  documents: ContractDocument[];
  readiness: SigningReadiness;
  signing: SigningStatus;
  policyStatus: string;
};

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

export function scenarioAnswers(scenario: Scenario, tenantId = 'default'): ScenarioAnswers {
  const orderNumber = scenarioOrderNumber(tenantId, scenario.suffix);
  const dealRefId = scenarioDealRef(tenantId, scenario.suffix);
  const createdAt = new Date(NOW - scenario.daysAgo * DAY).toISOString();
  const required = requiredDocuments(scenario.dealType);
  const order: Order = {
    orderNumber,
    tenantId,
    createdAt,
    orderStatus: scenario.orderStatus,
    isOrderStatusReset: scenario.isOrderStatusReset,
    deal: { dealRefId, type: scenario.dealType, source: scenario.dealSource, status: scenario.dealStatus },
    paymentInfo: scenario.payment ? { status: scenario.payment.status } : null,
    delivery: scenario.appointment
      ? { appointmentTime: new Date(NOW + scenario.appointment.inDays * DAY).toISOString() }
      : null,
    idVerification: scenario.idCheck ? { status: scenario.idCheck.order } : null,
    vehicle: {
      vin: '1HGCM82633A004352',
      year: 2023,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-L',
      imageUrl: '/vehicle-art/1HGCM82633A004352.svg',
    },
  };
  const history: OrderHistory = scenario.history.map(([orderStatus, dealStatus], index) => ({
    changedAt: new Date(NOW - (scenario.history.length - index) * DAY).toISOString(),
    values: { orderStatus, deal: { status: dealStatus } },
  }));
  const check = scenario.idCheck;
  const idVerification: IdVerificationStatus = {
    status: check?.status ?? 'NOT_STARTED',
    isExpired: Boolean(check?.status === 'INITIATED' && check.linkExpired),
    transactionsAmount: check?.transactionsAmount ?? 0,
  };
  const documents: ContractDocument[] = required.map((key) => ({
    id: `${dealRefId}-${key}`,
    key,
    type: DOCUMENT_TYPES[key],
    status: scenario.documents?.[key] ?? 'INITIALIZED',
    fileName: scenario.documents?.[key] === 'COMPLETE' ? `${DOCUMENT_TYPES[key]}.pdf` : null,
    contentType: null,
    size: null,
    createdAt,
  }));
  const signing = scenario.signing;
  return {
    order,
    history,
    idVerification,
    required,
    documents,
    readiness: { ready: signing?.ready ?? false, isSigningNotificationSent: signing?.notificationSent ?? false },
    signing: {
      status: signing?.status ?? 'NotStarted',
      signersCompleted: { buyer: signing?.buyerSigned ?? false, dealer: signing?.dealerSigned ?? false },
    },
    policyStatus: scenario.insurance?.policyStatus ?? 'NOT_INITIATED',
  };
}
