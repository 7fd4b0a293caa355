import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { DeskFrame } from '~/components/desk/desk-frame';
import { DESK_QUEUES, type DeskQueue } from '~/lib/contract/desk';
import { endpoints } from '~/lib/contract/endpoints';
import { deskMeta } from '~/lib/desk/meta';
import { when } from '~/lib/desk/when';
import { commitDeskSession, deskCall, requireStaffPage } from '~/lib/desk/session.server';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';

// Today (issue 33 point 2): one queue of what needs a person at the dealership, oldest first,
// with a count per kind.

const QUEUE_NAMES: Record<DeskQueue, string> = {
  documents: 'Documents to review',
  deals: 'Deals to send',
  countersign: 'Contracts to countersign',
  tradeIns: 'Trade-ins in further review',
  leads: 'Leads not contacted',
  privacy: 'Privacy requests',
  deliveries: 'Deliveries and pickups to confirm',
  feed: 'Feed photos that failed',
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, context, staff } = await requireStaffPage(request);
  const today = await deskCall(context, endpoints.desk.today);
  const notice = session.get('notice') ?? null;
  return data(
    { staff, today: today.data, notice, timeZone: getTenantForRequest(request).timeZone },
    { headers: { 'set-cookie': await commitDeskSession(request, session), 'cache-control': 'no-store' } },
  );
}

export const meta: MetaFunction = ({ matches }) => deskMeta(matches, 'Today');

export default function DeskToday() {
  const { staff, today, notice, timeZone } = useLoaderData<typeof loader>();
  return (
    <DeskFrame staff={staff} title="Today" notice={notice}>
      <ul className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Waiting, by kind">
        {DESK_QUEUES.map((queue) => (
          <li key={queue} className="rounded-tenant border border-gray-300 p-3" data-queue={queue}>
            <span className="block text-2xl font-bold" data-testid={`count-${queue}`}>
              {today.counts[queue]}
            </span>
            <span className="text-sm">{QUEUE_NAMES[queue]}</span>
          </li>
        ))}
      </ul>
      <h2 className="mb-2 text-lg font-semibold">Waiting for a person, oldest first</h2>
      {today.items.length === 0 ? (
        <p>Nothing is waiting. Well done.</p>
      ) : (
        <ol className="divide-y divide-gray-200 rounded-tenant border border-gray-300">
          {today.items.map((item) => (
            <li key={`${item.queue}:${item.subjectId}:${item.since}`} className="p-3" data-queue-item={item.queue}>
              {item.href ? (
                <Link to={item.href} className="font-semibold text-primary underline">
                  {item.title}
                </Link>
              ) : (
                <span className="font-semibold">{item.title}</span>
              )}
              <p className="text-sm">{item.detail}</p>
              <p className="text-sm text-gray-700">
                {QUEUE_NAMES[item.queue]} · waiting since {when(item.since, timeZone)}
                {item.dueAt ? ` · ${item.queue === 'privacy' ? 'due' : 'for'} ${when(item.dueAt, timeZone)}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </DeskFrame>
  );
}
