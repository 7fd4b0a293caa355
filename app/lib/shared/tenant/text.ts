import type { PublicTenant } from './schema';

/** The "too many requests" page (a rate limit, ours or the platform's: decision 067), unless the tenant words it. */
export const TOO_MANY_REQUESTS_TEXTS = {
  title: 'Too many requests',
  subtitle: 'We had a lot of requests from you in a short time. Please wait a minute, then try again.',
  callToAction: 'Go to Homepage',
};

/** Formats ten digits as (512) 555 - 0142, the display form the spec uses for phones. */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  if (d.length !== 10) return digits;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)} - ${d.slice(6)}`;
}

/** tel: link for the dealer phone, with its country code. */
export function phoneHref(tenant: Pick<PublicTenant, 'dealerPhone'>): string {
  return `tel:${tenant.dealerPhone.countryCode}${tenant.dealerPhone.number}`;
}

/** Fills {tenantName}, {legalName} and {phone} in tenant copy. */
export function fillTenantText(
  template: string,
  tenant: Pick<PublicTenant, 'brandName' | 'legalName' | 'dealerPhone'>,
): string {
  return template
    .replaceAll('{tenantName}', tenant.brandName)
    .replaceAll('{legalName}', tenant.legalName)
    .replaceAll('{phone}', formatPhone(tenant.dealerPhone.number));
}
