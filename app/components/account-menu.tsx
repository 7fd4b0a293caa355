import { Link } from '@remix-run/react';
import { lazy, Suspense, useState } from 'react';
import type { ShellData, ShellShopper } from '~/lib/shell.server';
import { useHydrated } from './hydrated';
import { openerOf, type Opener } from './ui/take-over';
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
/** What the menu's own code is told when it replaces the plain trigger (ui/take-over.ts). */
export type TakeOverProps = { focus: boolean; opener: Opener | null };

// Headless UI's menu loads when the shopper presses the trigger (decision 073); a failed load
// leaves the <details> menu, open.
const AccountMenuPopover = lazy(() =>
  import('./account-menu-popover').catch(() => ({
    default: ({ data, shopper }: AccountMenuProps) => <DetailsMenu data={data} shopper={shopper} open />,
  })),
);

/**
 * The signed-in shopper's menu: avatar initials and full name; Account, Orders, Saved
 * vehicles and Sign out. Without JavaScript it is a <details> disclosure with the same items.
 * With JavaScript the trigger is a button, and Headless UI's menu (arrow keys, Escape, focus
 * return) loads when the shopper presses it (decision 073); the <details> shows meanwhile.
 */
export function AccountMenu({ data, shopper }: AccountMenuProps) {
  const hydrated = useHydrated();
  const [opener, setOpener] = useState<Opener | null>(null);
  if (!hydrated) return <DetailsMenu data={data} shopper={shopper} />;
  if (opener) {
    return (
      <Suspense fallback={<DetailsMenu data={data} shopper={shopper} open />}>
        <AccountMenuPopover data={data} shopper={shopper} focus opener={opener} />
      </Suspense>
    );
  }
  // Until pressed: the same button Headless UI renders, closed.
  return (
    <div className="relative" data-testid="account-menu">
      <button
        type="button"
        className={triggerClass}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={(event) => setOpener(openerOf(event))}
      >
        <ButtonFace shopper={shopper} />
      </button>
    </div>
  );
}

/** The menu without JavaScript (and while its code loads): a <details> disclosure with the same items. */
function DetailsMenu({ data, shopper, open }: AccountMenuProps & { open?: boolean }) {
  const links = getAccountLinks(data.tenant);
  return (
    <details className="relative" data-testid="account-menu" open={open}>
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
}
