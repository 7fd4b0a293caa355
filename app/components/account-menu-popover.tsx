import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link, useSubmit } from '@remix-run/react';
import { ButtonFace, itemClass, panelClass, triggerClass, type AccountMenuProps } from './account-menu';
import { SIGN_OUT_PATH, getAccountLinks } from './nav-items';

/** The hydrated account menu (Headless UI Menu: arrow keys, Escape, focus return), loaded after hydration. */
export default function AccountMenuPopover({ data, shopper }: AccountMenuProps) {
  const submit = useSubmit();
  const links = getAccountLinks(data.tenant);
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
