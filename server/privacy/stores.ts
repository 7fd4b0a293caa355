// Every table that holds something of a shopper (issue 35 points 1 and 2), by its SQL name:
// where the data export shows its rows and what a verified deletion does to them. A table is
// the shopper's when it has a column naming them (a user, an order, a deal, an e-mail); the
// privacy test derives that list from the Drizzle schema and fails on a table missing here.
// The export carries `kept` so the shopper reads what stays after a deletion, and why.

type Store = {
  /** Where the export lists the rows: `section`, `section[].field` (per order), or null and why not. */
  export: string | { omitted: string };
  /** What a verified deletion does (server/privacy/deletion.ts). */
  deletion: string;
};

export const SHOPPER_STORES = {
  users: { export: 'profile', deletion: 'Anonymised: name, e-mail, phone, password and consents removed.' },
  identity_sessions: { export: 'signIns', deletion: 'Deleted: every session ends.' },
  refresh_tokens: {
    export: { omitted: 'only hashes of the sign-in tokens; the sign-ins are listed under signIns' },
    deletion: 'Deleted.',
  },
  social_identities: { export: 'socialAccounts', deletion: 'Deleted.' },
  pending_confirmations: { export: 'profile.awaitingConfirmation', deletion: 'Deleted.' },
  verification_codes: {
    export: { omitted: 'only hashes of one-time codes, which expire after 10 minutes' },
    deletion: 'Deleted.',
  },
  favorites: { export: 'savedVehicles', deletion: 'Deleted.' },
  trade_in_offers: { export: 'tradeIns', deletion: 'Deleted.' },
  prequalifications: { export: 'prequalification', deletion: 'Deleted.' },
  carts: {
    export: 'carts',
    deletion:
      'Deleted, except the cart a placed order came from, which loses the credit answers, SSN, date of birth, bureau file and co-buyer.',
  },
  orders: {
    export: 'orders',
    deletion: 'Placed or paid orders are kept: a dealer must keep the record of a sale. Drafts are deleted.',
  },
  order_history: { export: 'orders[].history', deletion: 'Kept with a placed order; deleted with a draft.' },
  payments: { export: 'orders[].payments', deletion: 'Kept with a placed order (a record of money paid).' },
  signings: { export: 'orders[].signing', deletion: 'Kept with a placed order (the signed contract).' },
  id_verifications: {
    export: 'orders[].idVerification',
    deletion: 'Kept with a placed order, its outcome only (the verification link is removed); deleted with a draft.',
  },
  insurance_verifications: {
    export: 'orders[].insurance',
    deletion:
      'Kept with a placed order, its outcome and consent (the pull reference is removed); deleted with a draft.',
  },
  documents: {
    export: 'documents[kind=upload]',
    deletion: 'Kept with a placed order (part of the deal file, removed after 60 days); deleted with a draft.',
  },
  analytics_events: { export: 'activity', deletion: 'Deleted.' },
  leads: { export: 'leads', deletion: 'Deleted (by account and by e-mail).' },
  outbox_messages: { export: 'messages', deletion: 'Deleted (messages sent to the e-mail or phone).' },
  privacy_requests: {
    export: 'privacyRequests',
    deletion: 'Kept: the law asks for a record of each request and its answer.',
  },
} satisfies Record<string, Store>;

/** What stays after a deletion, as the export states it. */
export function retention(): Record<string, string> {
  return Object.fromEntries(Object.entries(SHOPPER_STORES).map(([table, store]) => [table, store.deletion]));
}
