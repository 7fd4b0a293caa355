import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, NavLink, Outlet, useLoaderData } from '@remix-run/react';
import { requireShopper } from '~/lib/auth.server';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { titledMeta } from '~/lib/meta';

// The account area (seed 002 §6): profile, orders, saved vehicles, trade-ins, documents and
// sign out. Every page under it needs a signed-in shopper.

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireShopper(request);
  const tenant = getTenantForRequest(request);
  return {
    shopper: { firstName: shopper.firstName, lastName: shopper.lastName },
    showFavorites: tenant.consumer.showFavorites,
  };
}

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Your account');

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-tenant px-3 py-2 ${isActive ? 'bg-primary font-semibold text-primary-contrast' : 'hover:bg-black/5'}`;

export default function AccountLayout() {
  const { shopper, showFavorites } = useLoaderData<typeof loader>();
  const links = [
    { to: '/account', label: 'Profile', end: true },
    { to: '/account/orders', label: 'Orders' },
    // Saved vehicles has its own page (the header links there too).
    ...(showFavorites ? [{ to: '/saved-vehicles', label: 'Saved vehicles' }] : []),
    { to: '/account/trade-ins', label: 'Trade-ins' },
    { to: '/account/documents', label: 'Documents' },
  ];
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold">
        Hi, {shopper.firstName} {shopper.lastName}
      </h1>
      <div className="grid gap-8 md:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="Account">
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <Form method="post" action="/sign-out">
                <button
                  type="submit"
                  className="w-full cursor-pointer rounded-tenant px-3 py-2 text-left hover:bg-black/5"
                >
                  Sign out
                </button>
              </Form>
            </li>
          </ul>
        </nav>
        <div>
          <Outlet />
        </div>
      </div>
    </main>
  );
}
