import { Form, NavLink } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { StaffMember } from '~/lib/contract/desk';
import { AlertBar } from '~/components/ui/alert-bar';
import { secondaryButton } from '~/components/ui/button';

// The frame of every signed-in desk page (issue 33 point 2): the desk's own navigation under the
// shop's header, in the tenant's colours; one column on a phone.

const NAV: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/desk', label: 'Today' },
  { to: '/desk/orders', label: 'Orders' },
  { to: '/desk/leads', label: 'Leads' },
  { to: '/desk/trade-ins', label: 'Trade-ins' },
  { to: '/desk/privacy', label: 'Privacy' },
  { to: '/desk/inventory', label: 'Inventory' },
];

export type DeskNotice = { type: 'success' | 'warning' | 'error' | 'info'; message: string };

export function DeskFrame({
  staff,
  title,
  notice,
  children,
}: {
  staff: StaffMember;
  title: string;
  notice?: DeskNotice | null;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-6" data-testid="desk">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 border-b border-gray-300 pb-3">
        <nav aria-label="Desk">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/desk'}
                  className={({ isActive }) =>
                    `inline-block py-2 font-semibold ${isActive ? 'text-primary underline' : 'text-ink hover:underline'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3 text-sm">
          <span>
            {staff.email} ({staff.role})
          </span>
          <Form method="post" action="/desk/sign-out" reloadDocument>
            <button type="submit" className={secondaryButton}>
              Sign out of the desk
            </button>
          </Form>
        </div>
      </div>
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      {notice ? <AlertBar type={notice.type}>{notice.message}</AlertBar> : null}
      {children}
    </main>
  );
}
