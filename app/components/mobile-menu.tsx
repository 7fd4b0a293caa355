import { Form, Link, useLocation } from '@remix-run/react';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { ShellData } from '~/lib/shell.server';
import { useHydrated } from './hydrated';
import { ChevronDownIcon, MenuIcon } from './icons';
import { SIGN_IN_PATH, SIGN_OUT_PATH, getAccountLinks, getNavSections, type NavLink } from './nav-items';

export type MobileMenuProps = { data: Pick<ShellData, 'tenant' | 'shopper'> };

// The drawer is 375 px wide (seed 000 §9) and takes the whole width below the sm breakpoint (600 px).
export const panelWidth = 'w-full sm:w-[375px]';
export const triggerClass =
  'flex size-11 cursor-pointer list-none items-center justify-center rounded-tenant hover:bg-black/10 [&::-webkit-details-marker]:hidden';
export const sectionButtonClass =
  'flex w-full cursor-pointer list-none items-center justify-between px-5 py-4 text-left text-base font-semibold [&::-webkit-details-marker]:hidden';
const linkClass = 'block px-5 py-3 hover:bg-black/5';

export function LinkList({ links, onNavigate }: { links: NavLink[]; onNavigate?: () => void }) {
  return (
    <ul className="pb-2">
      {links.map((link) => (
        <li key={link.href}>
          <Link to={link.href} className={linkClass} onClick={onNavigate}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function AccountPart({ data, onNavigate }: MobileMenuProps & { onNavigate?: () => void }) {
  if (!data.shopper) {
    return (
      <div className="border-t border-black/10 p-5">
        <Link
          to={SIGN_IN_PATH}
          onClick={onNavigate}
          className="block rounded-tenant bg-primary px-4 py-3 text-center font-semibold text-primary-contrast"
        >
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="border-t border-black/10 py-2">
      <p className="px-5 py-2 text-sm font-semibold">
        {data.shopper.firstName} {data.shopper.lastName}
      </p>
      <LinkList links={getAccountLinks(data.tenant)} onNavigate={onNavigate} />
      <Form method="post" action={SIGN_OUT_PATH}>
        <button type="submit" className={`${linkClass} w-full cursor-pointer text-left`}>
          Sign out
        </button>
      </Form>
    </div>
  );
}

/** Without JavaScript: a <details> disclosure opens the same sections as nested <details>. */
function MobileMenuFallback({ data }: MobileMenuProps) {
  const sections = getNavSections(data.tenant);
  return (
    <details className="md:hidden" data-testid="mobile-menu">
      <summary className={triggerClass}>
        <MenuIcon />
        <span className="sr-only">Menu</span>
      </summary>
      <div
        className={`absolute left-0 top-full z-50 max-h-[calc(100vh-4rem)] overflow-y-auto bg-surface text-ink shadow-xl ${panelWidth}`}
        data-testid="mobile-menu-panel"
      >
        <nav aria-label="Menu">
          {sections.map((section, index) => (
            <details key={section.id} open={index === 0} className="border-b border-black/10">
              <summary className={sectionButtonClass}>
                {section.title}
                <ChevronDownIcon className="size-5" />
              </summary>
              <LinkList links={section.links} />
            </details>
          ))}
        </nav>
        <AccountPart data={data} />
      </div>
    </details>
  );
}

const loadDrawer = () => import('./mobile-menu-drawer');
const MobileMenuDrawer = lazy(loadDrawer);

/** Starts the drawer's code on the shopper's intent (pointer, focus, key on the button: decision 046). */
function preloadDrawer() {
  // A failed load is tried again by the tap itself.
  loadDrawer().catch(() => undefined);
}

/**
 * The mobile menu: a button that opens the drawer, whose code loads on the first intent on the
 * button (pointer over or down, focus, key) and opens on the tap; a <details> without JavaScript.
 */
export function MobileMenu({ data }: MobileMenuProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // Mounted from the first tap on, so the drawer's closing transition still plays.
  const [wanted, setWanted] = useState(false);
  const location = useLocation();
  const triggerRef = useRef<HTMLButtonElement>(null);

  // Any navigation (a link, the back button, a sign-out) closes the drawer.
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  if (!hydrated) return <MobileMenuFallback data={data} />;

  return (
    <div className="md:hidden" data-testid="mobile-menu">
      <button
        ref={triggerRef}
        type="button"
        className={triggerClass}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preloadDrawer}
        onPointerDown={preloadDrawer}
        onFocus={preloadDrawer}
        onKeyDown={preloadDrawer}
      >
        <MenuIcon />
        <span className="sr-only">Menu</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuDrawer
            data={data}
            open={open}
            onClose={() => setOpen(false)}
            onClosed={() => triggerRef.current?.focus()}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
