import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link, useSubmit } from '@remix-run/react';
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

function ButtonFace({ shopper }: { shopper: ShellShopper }) {
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

const triggerClass =
  'flex cursor-pointer list-none items-center gap-2 rounded-tenant px-1 py-1 font-medium hover:bg-black/10 [&::-webkit-details-marker]:hidden';
const panelClass = 'z-50 w-56 rounded-tenant border border-black/10 bg-surface p-1 text-ink shadow-lg';
const itemClass = 'block w-full rounded-tenant px-3 py-2 text-left hover:bg-black/5 data-[focus]:bg-black/5';

/**
 * The signed-in shopper's menu: avatar initials and full name; Account, Orders, Saved
 * vehicles and Sign out. Without JavaScript it is a <details> disclosure with the same items.
 */
export function AccountMenu({ data, shopper }: { data: Pick<ShellData, 'tenant'>; shopper: ShellShopper }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const links = getAccountLinks(data.tenant);

  if (!hydrated) {
    return (
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
  }

  return (
    <Menu as="div" className="relative" data-testid="account-menu">
      <MenuButton className={triggerClass}>
        <ButtonFace shopper={shopper} />
      </MenuButton>
      <MenuItems anchor="bottom end" className={`mt-2 ${panelClass} focus:outline-none`}>
        {links.map((link) => (
          <MenuItem key={link.href}>
            <Link to={link.href} className={itemClass}>
              {link.label}
            </Link>
          </MenuItem>
        ))}
        <MenuItem>
          {/* Submitted from the handler: the menu (and any form inside it) closes on click. */}
          <button
            type="button"
            className={`${itemClass} cursor-pointer`}
            onClick={() => submit(null, { method: 'post', action: SIGN_OUT_PATH })}
          >
            Sign out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
