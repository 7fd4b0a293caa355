// The privacy requests' fixed values (seed 002 §6 and §9): the kinds, who may ask, the limits,
// the texts and the error codes. No zod here, so /privacy-request does not load the schemas of
// ./privacy.ts (which re-exports all of it) with the page (decision 055).

export const PRIVACY_KINDS = ['access', 'deletion', 'correction', 'portability', 'optOut'] as const;
export const PRIVACY_REQUESTERS = ['self', 'agent', 'parent'] as const;
/** Seed 002 §9: 2 access or portability requests per 12 months; due in 45 days, extendable to 90. */
export const PRIVACY_LIMIT_PER_YEAR = 2;
export const PRIVACY_DUE_DAYS = 45;
export const PRIVACY_EXTENDED_DUE_DAYS = 90;
/** Seed 002 §6 and §9: a minor is under 18 (California); the site is not for children under 13. */
export const MINOR_AGE = 18;
export const MIN_AGE = 13;

export const PRIVACY_TEXTS = {
  limit: 'You can make 2 access or portability requests in 12 months. Your next request can be made after {date}.',
  underThirteen: 'This site is not for children under 13, and we do not knowingly hold their personal information.',
  notMinor: 'A parent or guardian can make a request only for a minor (under 18 in California).',
  agentName: 'The authorised agent’s name is required.',
  agentEmail: 'The authorised agent’s email is required.',
  details: 'Please tell us what to correct.',
  received: 'We have your request and will act on it.',
  ready: 'Your request is complete: your data is ready to download.',
  optedOut: 'You are opted out: we will not sell or share your personal information.',
  deleted: 'Your personal information has been deleted and you have been signed out.',
  keptForOrders:
    'We keep the records of orders you placed (the order, its payments, contract and documents), because the law requires a dealer to keep the record of a sale. Nothing else is kept.',
  due: 'We will respond by {date}. If we need more time we will tell you, and respond by {extended} at the latest. There is no fee.',
} as const;

export const PRIVACY_ERROR_CODES = {
  limit: 'error.privacy.limit',
  wrongCode: 'error.privacy.wrongCode',
  notFound: 'error.privacy.notFound',
} as const;
