import { Link, NavLink } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { ShellData } from '~/lib/shell.server';
import { AccountMenu } from './account-menu';
import { CartIcon, HeartIcon } from './icons';
import { MobileMenu } from './mobile-menu';
import { SIGN_IN_PATH, formatBadgeCount, getPrimaryNav } from './nav-items';
import { TenantLogo } from './tenant-logo';

type BadgeLinkProps = { to: string; label: string; count: number | null; icon: ReactNode; testId: string };

/** An icon link with a count bubble; no bubble when the count is unknown or zero. */
function BadgeLink({ to, label, count, icon, testId }: BadgeLinkProps) {
  const shown = count !== null && count > 0 ? formatBadgeCount(count) : null;
  return (
    <Link
      to={to}
      className="relative flex size-11 items-center justify-center rounded-tenant hover:bg-black/10"
      data-testid={testId}
    >
      {icon}
      <span className="sr-only">
        {label}
        {shown ? ` (${shown})` : ''}
      </span>
      {shown ? (
        <span
          aria-hidden="true"
          data-testid={`${testId}-badge`}
          className="absolute right-0 top-0 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-accent-contrast"
        >
          {shown}
        </span>
      ) : null}
    </Link>
  );
}

export function SiteHeader({ data }: { data: ShellData }) {
  const { tenant, shopper, badges } = data;
  return (
    <header className="relative z-40 bg-primary text-primary-contrast" data-testid="site-header">
      <div className="mx-auto flex h-16 max-w-[1440px] items-center gap-1 px-1 tablet:gap-2 tablet:px-4 desktop:px-8">
        <MobileMenu data={data} />
        <Link to="/" className="flex min-w-0 shrink items-center rounded-tenant p-1">
          <TenantLogo
            data={data}
            className="h-8 w-auto max-w-32 object-contain object-left tablet:h-9 tablet:max-w-44"
          />
        </Link>
        <nav aria-label="Main" className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {getPrimaryNav().map((link) => (
              <li key={link.href}>
                <NavLink
                  to={link.href}
                  className="rounded-tenant px-3 py-2 font-medium hover:bg-black/10 aria-[current=page]:underline aria-[current=page]:underline-offset-8"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center">
          {tenant.consumer.showFavorites ? (
            <BadgeLink
              to="/saved-vehicles"
              label="Saved vehicles"
              count={badges.favorites}
              icon={<HeartIcon />}
              testId="favorites-link"
            />
          ) : null}
          <BadgeLink to="/checkout" label="Cart" count={badges.cart} icon={<CartIcon />} testId="cart-link" />
          {shopper ? (
            <AccountMenu data={data} shopper={shopper} />
          ) : (
            <Link
              to={SIGN_IN_PATH}
              className="whitespace-nowrap rounded-tenant px-2 py-2 font-semibold hover:bg-black/10 tablet:px-3"
            >
              Sign in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
