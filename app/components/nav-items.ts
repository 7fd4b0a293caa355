import type { PublicTenant } from '~/lib/shared/tenant/schema';

export type NavLink = { label: string; href: string };
export type NavSection = { id: string; title: string; links: NavLink[] };

/** The header's top-level links (laptop and up; the drawer has them in sections). */
export function getPrimaryNav(): NavLink[] {
  return [
    { label: 'Shop vehicles', href: '/search' },
    { label: 'Financing', href: '/financing' },
    { label: 'Pre-qualify', href: '/financing/pre-qualify' },
    { label: 'Trade-in', href: '/trade-in' },
    { label: 'Why us', href: '/why-us' },
    { label: 'FAQ', href: '/faq' },
  ];
}

/** The mobile drawer's collapsible sections. */
export function getNavSections(tenant: Pick<PublicTenant, 'consumer'>): NavSection[] {
  return [
    {
      id: 'shop',
      title: 'Shop',
      links: [
        { label: 'Shop vehicles', href: '/search' },
        ...(tenant.consumer.showFavorites ? [{ label: 'Saved vehicles', href: '/saved-vehicles' }] : []),
      ],
    },
    {
      id: 'buying',
      title: 'Buying',
      links: [
        { label: 'Financing', href: '/financing' },
        { label: 'Pre-qualify', href: '/financing/pre-qualify' },
        { label: 'Trade-in', href: '/trade-in' },
        { label: 'Warranty', href: '/warranty' },
      ],
    },
    {
      id: 'about',
      title: 'About us',
      links: [
        { label: 'Why us', href: '/why-us' },
        { label: 'FAQ', href: '/faq' },
        { label: 'Contact us', href: '/contact-us' },
      ],
    },
  ];
}

/** What the account menu offers a signed-in shopper (sign-out is a form, not a link). */
export function getAccountLinks(tenant: Pick<PublicTenant, 'consumer'>): NavLink[] {
  return [
    { label: 'Account', href: '/account' },
    { label: 'Orders', href: '/account/orders' },
    ...(tenant.consumer.showFavorites ? [{ label: 'Saved vehicles', href: '/saved-vehicles' }] : []),
  ];
}

export const SIGN_IN_PATH = '/sign-in';
export const SIGN_OUT_PATH = '/sign-out';

/** 9+ above nine, as the seed asks for the favourites badge (the cart badge follows suit). */
export function formatBadgeCount(count: number): string {
  return count > 9 ? '9+' : String(count);
}

export function initialsOf(shopper: { firstName: string; lastName: string }): string {
  const first = shopper.firstName.trim().charAt(0);
  const last = shopper.lastName.trim().charAt(0);
  return `${first}${last}`.toUpperCase() || '?';
}
