import type { CopyPage } from './shared/tenant/schema';

// The copy pages of seed 000 §2.4 (why us, warranty, financing, trade-in, FAQ, accessibility,
// contact us, privacy notice, privacy policy, cookie policy, terms of use): their URLs, the
// names their links use, and the anchors of their sections. Texts come from the tenant.

export const INFO_PAGES: readonly { key: CopyPage; path: string; label: string }[] = [
  { key: 'whyUs', path: '/why-us', label: 'Why us' },
  { key: 'warranty', path: '/warranty', label: 'Warranty' },
  { key: 'financing', path: '/financing', label: 'Financing' },
  { key: 'tradeIn', path: '/trade-in', label: 'Trade-in' },
  { key: 'faq', path: '/faq', label: 'FAQ' },
  { key: 'contactUs', path: '/contact-us', label: 'Contact us' },
  { key: 'accessibility', path: '/accessibility', label: 'Accessibility' },
  { key: 'privacyNotice', path: '/privacy-notice', label: 'Privacy notice' },
  { key: 'privacyPolicy', path: '/privacy-policy', label: 'Privacy policy' },
  { key: 'cookiePolicy', path: '/cookie-policy', label: 'Cookie policy' },
  { key: 'termsOfUse', path: '/terms-of-use', label: 'Terms of use' },
];

/** A section's anchor: 'What does lender-qualified mean?' → 'what-does-lender-qualified-mean'. */
export function sectionId(heading: string): string {
  return heading
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'phone'; text: string; href: string }
  | { kind: 'email'; text: string; href: string };

const LINKABLE = /(\(\d{3}\) \d{3} - \d{4})|([A-Za-z0-9._%-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** Splits a paragraph so its phone numbers ('(512) 555 - 0142') and e-mail addresses can be links. */
export function linkifyText(text: string, countryCode = '+1'): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINKABLE)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ kind: 'text', text: text.slice(last, index) });
    // A sentence's full stop after an address is not part of it.
    const found = match[0].replace(/\.$/, '');
    if (match[1]) parts.push({ kind: 'phone', text: found, href: `tel:${countryCode}${found.replace(/\D/g, '')}` });
    else parts.push({ kind: 'email', text: found, href: `mailto:${found}` });
    last = index + found.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
