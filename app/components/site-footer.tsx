import { Link } from '@remix-run/react';
import type { MouseEvent } from 'react';
import type { ShellData } from '~/lib/shell.server';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { fillTenantText, formatPhone, phoneHref } from '~/lib/shared/tenant/text';
import { AppLink } from './app-link';
import { PhoneIcon, SocialIcon } from './icons';
import { TenantLogo } from './tenant-logo';
import { keysOf } from '~/lib/shared/guards';

const LEGAL_LABELS: Record<keyof PublicTenant['legalLinks'], string> = {
  privacyPolicy: 'Privacy Policy',
  termsOfUse: 'Terms of Use',
  privacyNotice: 'Privacy Notice',
  cookiePolicy: 'Cookie Policy',
  accessibility: 'Accessibility',
};

const NETWORK_NAMES = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
} as const;

/** The default tenant's decoration (seed 000 §2.4): only from the laptop breakpoint (1024 px) up. */
function FooterSwoosh() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      data-testid="footer-swoosh"
      viewBox="0 0 800 320"
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-y-0 right-0 hidden h-full w-3/5 laptop:block"
    >
      <path d="M800 0 C 640 30 500 150 420 320 L 800 320 Z" className="fill-primary" opacity="0.35" />
      <path d="M800 110 C 700 140 620 220 590 320 L 800 320 Z" className="fill-primary" opacity="0.5" />
      <path
        d="M300 320 C 450 170 610 70 800 30"
        fill="none"
        className="stroke-secondary"
        strokeWidth="5"
        opacity="0.7"
      />
    </svg>
  );
}

function scrollToTop(event: MouseEvent<HTMLAnchorElement>) {
  // Going home from a deep page already lands at the top; on the landing page itself the
  // shopper is taken back up. Without JavaScript the link is a plain link to /.
  if (event.defaultPrevented) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}

export function SiteFooter({ data }: { data: ShellData }) {
  const { tenant, year } = data;
  const legal = keysOf(LEGAL_LABELS)
    .map((key) => ({ key, href: tenant.legalLinks[key], label: LEGAL_LABELS[key] }))
    .filter((link) => link.href !== '');
  return (
    <footer className="relative overflow-hidden bg-ink text-surface" data-testid="site-footer">
      {tenant.isDefault ? <FooterSwoosh /> : null}
      <div className="relative mx-auto grid max-w-[1440px] gap-10 px-4 py-12 tablet:grid-cols-2 md:grid-cols-[2fr_1fr_1fr] desktop:px-8">
        <div className="space-y-4">
          <Link
            to="/"
            onClick={scrollToTop}
            className="inline-flex rounded-tenant bg-primary p-2"
            data-testid="footer-logo"
          >
            <TenantLogo data={data} className="h-9 w-auto max-w-44 object-contain" />
          </Link>
          <p className="max-w-md text-lg" data-testid="footer-tagline">
            {fillTenantText(tenant.texts.footerTagline, tenant)}
          </p>
          <p>
            <a
              href={phoneHref(tenant)}
              className="inline-flex items-center gap-2 font-semibold underline-offset-4 hover:underline"
            >
              <PhoneIcon className="size-5" />
              <span>
                <span className="sr-only">Call {tenant.brandName} </span>
                {tenant.dealerPhone.abbreviation}: {formatPhone(tenant.dealerPhone.number)}
              </span>
            </a>
          </p>
          <p>
            <a href={`mailto:${tenant.supportEmail}`} className="underline underline-offset-4">
              {tenant.supportEmail}
            </a>
          </p>
        </div>
        <nav aria-label="Legal">
          <h2 className="mb-3 font-bold">Legal</h2>
          <ul className="space-y-2">
            {legal.map((link) => (
              <li key={link.key}>
                <AppLink href={link.href} className="underline-offset-4 hover:underline">
                  {link.label}
                </AppLink>
              </li>
            ))}
            <li>
              <Link to="/privacy-request" className="underline-offset-4 hover:underline">
                Privacy requests
              </Link>
            </li>
          </ul>
        </nav>
        {tenant.socialLinks.length > 0 ? (
          <div>
            <h2 className="mb-3 font-bold">Follow us</h2>
            <ul className="flex flex-wrap gap-2">
              {tenant.socialLinks.map((link) => (
                <li key={link.url}>
                  <AppLink
                    href={link.url}
                    className="flex size-11 items-center justify-center rounded-full border border-current hover:bg-white/10"
                  >
                    <SocialIcon network={link.network} className="size-5" />
                    <span className="sr-only">
                      {tenant.brandName} on {NETWORK_NAMES[link.network]}
                    </span>
                  </AppLink>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="relative border-t border-white/20">
        <p className="mx-auto max-w-[1440px] px-4 py-4 text-sm desktop:px-8">
          © {year} {tenant.legalName.replace(/\.$/, '')}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
