import { Link } from '@remix-run/react';
import { Suspense, lazy } from 'react';
import type { ShellData, ShellShopper } from '~/lib/shell.server';
import { useHydrated } from './hydrated';
import { ChevronDownIcon } from './icons';
import { SIGN_OUT_PATH, getAccountLinks, initialsOf } from './nav-items';

function Avatar({ shopper }: { shopper: ShellShopper }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-9 items-center justify-center rounded-full bg-accent text-sm font-bold text-accent-contrast"
      data-testid="account-avatar"
    >
      {initialsOf(shopper)}
    </span>
  );
}

export function ButtonFace({ shopper }: { shopper: ShellShopper }) {
  return (
    <>
      <Avatar shopper={shopper} />
      <span className="sr-only">Account menu for </span>
      <span className="sr-only md:not-sr-only md:max-w-40 md:truncate">
        {shopper.firstName} {shopper.lastName}
      </span>
      <ChevronDownIcon className="hidden size-4 md:block" />
    </>
  );
}

export const triggerClass =
  'flex cursor-pointer list-none items-center gap-2 rounded-tenant px-1 py-1 font-medium hover:bg-black/10 [&::-webkit-details-marker]:hidden';
export const panelClass = 'z-50 w-56 rounded-tenant border border-black/10 bg-surface p-1 text-ink shadow-lg';
export const itemClass = 'block w-full rounded-tenant px-3 py-2 text-left hover:bg-black/5 data-[focus]:bg-black/5';

export type AccountMenuProps = { data: Pick<ShellData, 'tenant'>; shopper: ShellShopper };

const AccountMenuPopover = lazy(() => import('./account-menu-popover'));

/**
 * The signed-in shopper's menu: avatar initials and full name; Account, Orders, Saved
 * vehicles and Sign out. Without JavaScript it is a <details> disclosure with the same items.
 */
export function AccountMenu({ data, shopper }: AccountMenuProps) {
  const hydrated = useHydrated();
  const links = getAccountLinks(data.tenant);

  const fallback = (
    <details className="relative" data-testid="account-menu">
      <summary className={triggerClass}>
        <ButtonFace shopper={shopper} />
      </summary>
      <div className={`absolute right-0 mt-2 ${panelClass}`}>
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className={itemClass}>
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <form method="post" action={SIGN_OUT_PATH}>
              <button type="submit" className={`${itemClass} cursor-pointer`}>
                Sign out
              </button>
            </form>
          </li>
        </ul>
      </div>
    </details>
  );
  if (!hydrated) return fallback;

  // Until the menu's code arrives, the <details> version stays usable.
  return (
    <Suspense fallback={fallback}>
      <AccountMenuPopover data={data} shopper={shopper} />
    </Suspense>
  );
}
