import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, useMatches, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ScrollRestoration } from 'react-router-dom';
import { errorPageMeta } from './components/error-meta';
import { HydrationMarker } from './components/hydration-marker';
import { RouteErrorBoundary } from './components/route-error-boundary';
import { Shell } from './components/shell';
import { PageViewPixel } from './components/page-view';
import { useNonce } from './lib/nonce';
import { getShopContext } from './lib/request-context.server';
import { getShellData } from './lib/shell.server';
import { themeStyle } from './lib/shared/tenant/theme';
import stylesheet from './styles/app.css?url';
import { isRecord } from './lib/shared/guards';

// The icon is the tenant's (issue 18): rendered in the Layout, which has the root data.
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

/** The tenant, the shopper's name and the header badges: see app/lib/shell.server.ts. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return getShellData(request, await getShopContext({ request, context }));
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (error) return errorPageMeta(data?.tenant, error);
  return data ? [{ title: data.tenant.brandName }] : [];
};

/** Neutral colours for the one page that has no tenant: the root loader itself failed. */
const FALLBACK_THEME: RootLoaderData['tenant']['theme'] = {
  primary: '#1f4fa8',
  primaryContrast: '#ffffff',
  accent: '#f5c518',
  accentContrast: '#1c1d21',
  secondary: '#5b5f66',
  secondaryContrast: '#ffffff',
  surface: '#ffffff',
  text: '#1c1d21',
  radius: 'small',
  font: 'sans',
};

/**
 * The page type a route declares for analytics (`export const handle = { pageType: 'search' }`);
 * the deepest route that has one names the page view.
 */
function usePageType(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRecord(handle) && typeof handle.pageType === 'string') return handle.pageType;
  }
  return undefined;
}

/**
 * Whether the page ships its JavaScript (decision 073, Remix's per-route switch). A route's
 * `handle.scripts` is `false` (a page whose every action is a link or a form post) or a function
 * of its loader data answering true (it needs script: the tracker's banner timer), false, or
 * undefined (no opinion). A route that needs script wins; else one that needs none leaves
 * `<Scripts>` out; a page with no opinion anywhere hydrates. A client navigation to a page
 * without script renders it in the browser, with the code already there.
 */
function usePageScripts(): boolean {
  let none = false;
  for (const match of useMatches()) {
    const handle = match.handle;
    if (!isRecord(handle) || !('scripts' in handle)) continue;
    const wants: unknown = typeof handle.scripts === 'function' ? handle.scripts(match.data) : handle.scripts;
    if (wants === true) return true;
    if (wants === false) none = true;
  }
  return !none;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  const pageType = usePageType();
  const scripts = usePageScripts();
  return (
    <html lang="en" data-scripts={scripts ? undefined : 'none'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Validated colours and fixed font stacks only (app/lib/shared/tenant/theme.ts), so nothing here needs escaping. */}
        <style dangerouslySetInnerHTML={{ __html: themeStyle(data?.tenant.theme ?? FALLBACK_THEME) }} />
        <Meta />
        <link rel="icon" href={data?.images.favicon ?? '/favicon.ico'} />
        <Links />
      </head>
      <body className="min-h-screen bg-surface font-tenant text-ink antialiased">
        {children}
        {/* One page view per page, error pages included, with or without JavaScript. */}
        <PageViewPixel name={pageType} referrer={data?.referrer} />
        <HydrationMarker />
        {/* React Router's own: the scroll positions of client navigations, restored after them. Remix's
            adds an inline script that restores a position before hydration, a synchronous
            read of session storage that held up the first paint (decision 065). A document
            load is the browser's to restore; the first entry's key is set in entry.client. */}
        {scripts ? (
          <>
            <ScrollRestoration />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  if (!data) return <Outlet />;
  return (
    <Shell data={data}>
      <Outlet />
    </Shell>
  );
}

/**
 * The last line of defence: errors no route caught, including the root loader's own. With the
 * tenant known the page keeps its header and footer; without it, a plain page.
 */
export function ErrorBoundary() {
  const data = useRootData();
  if (!data) return <RouteErrorBoundary />;
  return (
    <Shell data={data}>
      <RouteErrorBoundary />
    </Shell>
  );
}
