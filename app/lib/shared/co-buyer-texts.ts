// The labels of a cash order's co-buyer fields (./co-buyer.ts has the rules): the form renders
// them in the browser, which loads no zod (decision 088).

export const CO_BUYER_TEXTS = {
  legend: 'Co-buyer (optional)',
  add: 'Add a co-buyer',
  hint: 'Someone buying the vehicle with you. They appear on the order, the contract and the receipt.',
  sameAddress: 'Same address as buyer',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  addressLine1: 'Street address',
  city: 'City',
  state: 'State',
  zip: 'Zip code',
} as const;
