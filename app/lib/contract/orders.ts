import { z } from 'zod';
import { isoDateTime, vehicleImageUrl } from './common';
import { cartTradeInSchema } from './trade-in';

export const ORDER_STATUSES = [
  'DRAFT',
  'SUBMITTED_TO_UNIFI',
  'SUBMITTED',
  'PII_UPDATE_SUCCESSFUL',
  'ID_VERIFICATION_COMPLETED',
  'ORDER_INITIATION_FAILED',
  'DOCS_UPLOADED',
  'CONTRACT_PENDING',
  'SOLD_BY_DRI',
  'SOLD',
  'CANCELED',
  'DELIVERED',
  'DELIVERED_NO_RETURN',
  'OFFRAMP',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Orders in these statuses count as placed (seed 001 §4). */
export const PLACED_ORDER_STATUSES: readonly OrderStatus[] = [
  'SUBMITTED_TO_UNIFI',
  'SUBMITTED',
  'CONTRACT_PENDING',
  'ID_VERIFICATION_COMPLETED',
  'OFFRAMP',
  'SOLD',
  'SOLD_BY_DRI',
  'DELIVERED',
  'DELIVERED_NO_RETURN',
  'DOCS_UPLOADED',
];

export const DEAL_STATUS_CODES = [
  'UNKNOWN',
  'DPEN',
  'LNSEL',
  'LDEC',
  'LTIM',
  'LSEL',
  'APEN',
  'UACC',
  'UDEC',
  'SIGN',
  'CANC',
  'CSAV',
  'CFAIL',
  'VPEN',
  'VEXP',
  'VRFA',
  'VRWR',
  'VRFY',
  'SUBS',
  'PSIGN',
  'SUBF',
  'BOOK',
  'FUND',
  'PDOC',
  'RTRN',
] as const;
export const dealStatusCodeSchema = z.enum(DEAL_STATUS_CODES);
export type DealStatusCode = z.infer<typeof dealStatusCodeSchema>;

export const PAYMENT_STATUSES = [
  'PAYMENT_FAILED',
  'PAYMENT_CAPTURED',
  'PAYMENT_PENDING',
  'PAYMENT_HOLD',
  'DOWNPAYMENT_PAID',
  'FULLY_PAID',
] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const dealTypeSchema = z.enum(['Cash', 'Finance', 'Lease']);
export type DealType = z.infer<typeof dealTypeSchema>;

export const orderSchema = z.object({
  orderNumber: z.string().min(1),
  tenantId: z.string().min(1),
  createdAt: isoDateTime,
  orderStatus: orderStatusSchema,
  isOrderStatusReset: z.boolean(),
  deal: z.object({
    dealRefId: z.string().min(1),
    type: dealTypeSchema,
    source: z.enum(['DealerInitiated', 'ConsumerInitiated']),
    status: dealStatusCodeSchema.nullable(),
  }),
  // An absent payment status is no payment status yet (contract "Robustness").
  paymentInfo: z
    .object({ status: paymentStatusSchema.nullish().transform((status) => status ?? null) })
    .nullish()
    .transform((info) => info ?? null),
  delivery: z.object({ appointmentTime: isoDateTime.nullable() }).nullable(),
  idVerification: z.object({ status: z.enum(['NOT_STARTED', 'INITIATED', 'COMPLETED', 'ERROR']) }).nullable(),
  vehicle: z.object({
    vin: z.string(),
    year: z.number().int(),
    make: z.string(),
    model: z.string(),
    trim: z.string(),
    imageUrl: vehicleImageUrl,
  }),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ data: orderSchema });

export const orderHistoryResponseSchema = z.object({
  data: z.object({
    history: z.array(
      z.object({
        changedAt: isoDateTime,
        values: z.object({
          orderStatus: orderStatusSchema,
          deal: z.object({ status: dealStatusCodeSchema.nullable() }),
        }),
      }),
    ),
  }),
});
export type OrderHistory = z.infer<typeof orderHistoryResponseSchema>['data']['history'];

/** The signed-in shopper's orders (not in the seed's list of calls; the account pages and cart badge need it). */
export const orderSummarySchema = orderSchema
  .pick({
    orderNumber: true,
    createdAt: true,
    orderStatus: true,
    deal: true,
    vehicle: true,
  })
  .extend({
    /** The trade-in applied to the purchase (issue 13: the order list shows it); absent from older platforms. */
    tradeIn: cartTradeInSchema.nullable().optional(),
    /** How the vehicle is handed over, once an appointment is booked (issue 35: the list's state follows it); absent from older platforms. */
    handover: z.enum(['DELIVERY', 'PICKUP']).nullable().optional(),
  });
export const myOrdersResponseSchema = z.object({ data: z.array(orderSummarySchema) });
