import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useNonce } from './lib/nonce';
import { getSession } from './lib/session.server';
import { toPublicTenant } from './lib/tenant/schema';
import { getTenantForRequest } from './lib/tenant/tenants.server';
import { themeStyle } from './lib/tenant/theme';
import stylesheet from './styles/app.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.ico' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const tenant = getTenantForRequest(request);
  const session = await getSession(request);
  return {
    tenant: toPublicTenant(tenant),
    shopper: session.get('shopper') ?? null,
  };
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {data ? <style>{themeStyle(data.tenant.theme)}</style> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-surface text-ink antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
