import { Form, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { NotFoundPage } from '~/components/error-pages';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import type { ShellData } from '~/lib/shell.server';
import { TRACKER_MESSAGES } from '~/lib/tracker/tracker-messages';
import type { TrackerErrorData } from '~/lib/tracker/page';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';
import { isRecord } from '~/lib/shared/guards';

type ServerIssueProps = {
  status: number;
  data: Extract<TrackerErrorData, { page: 'server-issue' }>;
  tenant: ShellData['tenant'] | null;
};

/**
 * Seed 000 §2.2: a load failure of 500 or above. The try-again text, the tenant's phone as a
 * tel: link, and a Try again button until the session has used it 3 times.
 */
export function TrackerServerIssue({ status, data, tenant }: ServerIssueProps) {
  const location = useLocation();
  return (
    <main
      className="mx-auto flex w-full max-w-2xl flex-col items-center gap-4 px-4 py-16 text-center"
      data-testid="tracker-server-issue"
    >
      <p className="text-5xl font-extrabold text-primary" data-testid="error-code">
        <span className="sr-only">Error </span>
        {status}
      </p>
      <h1 className="text-2xl font-bold">{TRACKER_MESSAGES.serverIssue}</h1>
      {tenant ? (
        <p>
          {TRACKER_MESSAGES.callSupport}{' '}
          <a href={phoneHref(tenant)} className="font-semibold text-primary underline" data-testid="support-phone">
            {formatPhone(tenant.dealerPhone.number)}
          </a>
        </p>
      ) : null}
      {data.canTryAgain ? (
        // Posts to the layout route (no ?index), which counts the attempt and comes back here.
        <Form method="post" action={`/progress/${encodeURIComponent(data.orderNumber)}`} reloadDocument>
          <input type="hidden" name="intent" value="try-again" />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button
            type="submit"
            className="mt-2 inline-flex min-h-11 cursor-pointer items-center justify-center rounded-tenant bg-primary px-6 py-3 font-semibold text-primary-contrast hover:opacity-90"
          >
            {TRACKER_MESSAGES.tryAgain}
          </button>
        </Form>
      ) : null}
    </main>
  );
}

function isServerIssue(data: unknown): data is Extract<TrackerErrorData, { page: 'server-issue' }> {
  return isRecord(data) && data.page === 'server-issue';
}

/** The tracker routes' error page: the server-issue page for 5xx, else the shell's pages. */
export function TrackerErrorPage() {
  const error = useRouteError();
  const root = useRouteLoaderData<ShellData>('root') ?? null;
  if (isRouteErrorResponse(error)) {
    if (error.status >= 500 && isServerIssue(error.data)) {
      return <TrackerServerIssue status={error.status} data={error.data} tenant={root?.tenant ?? null} />;
    }
    if (error.status === 404) return <NotFoundPage data={root} />;
  }
  return <RouteErrorBoundary />;
}
