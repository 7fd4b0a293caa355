import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link, useSubmit } from '@remix-run/react';
import { useRef } from 'react';
import {
  ButtonFace,
  itemClass,
  panelClass,
  triggerClass,
  type AccountMenuProps,
  type TakeOverProps,
} from './account-menu';
import { SIGN_OUT_PATH, getAccountLinks } from './nav-items';
import { useTakeOver } from './ui/take-over';

/**
 * The account menu once its code is here (Headless UI Menu: arrow keys, Escape, focus return),
 * loaded on the shopper's first intent on the trigger (./account-menu).
 */
export default function AccountMenuPopover({ data, shopper, focus, opener }: AccountMenuProps & TakeOverProps) {
  const submit = useSubmit();
  const links = getAccountLinks(data.tenant);
  const button = useRef<HTMLButtonElement>(null);
  useTakeOver(button, { focus, opener }, (trigger, how) => {
    // What the shopper's click would have done: Enter opens on the first item, a pointer on none.
    if (how === 'keyboard') {
      trigger.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    } else {
      trigger.click();
    }
  });
  return (
    <Menu as="div" className="relative" data-testid="account-menu">
      <MenuButton ref={button} className={triggerClass}>
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
