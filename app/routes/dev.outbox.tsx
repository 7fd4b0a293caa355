import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ApiError, callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import { getApiContext } from '~/lib/session.server';
import { titledMeta } from '~/lib/meta';

// The built-in outbox: every e-mail and text the embedded default would have sent.
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const answer = await callApi(await getApiContext(request), endpoints.messaging.outbox);
    return { messages: answer?.data ?? [] };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
}

export const meta: MetaFunction = ({ matches }) =>
  titledMeta(matches, 'Outbox', [{ name: 'robots', content: 'noindex' }]);

export default function Outbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-bold">Outbox</h1>
      <p className="mb-6 text-sm">
        E-mails and text messages this tenant sent, newest first. Shown only with OUTBOX_PAGE=1 or under npm run dev.
      </p>
      {messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <ol className="space-y-4">
          {messages.map((message) => (
            <li key={message.id} className="rounded border border-gray-400 p-4" data-channel={message.channel}>
              <p className="text-sm">
                <span className="font-semibold uppercase">{message.channel}</span> to{' '}
                <span data-recipient>{message.recipient}</span> at{' '}
                <time dateTime={message.createdAt}>{new Date(message.createdAt).toUTCString()}</time>
              </p>
              {message.subject ? <h2 className="mt-1 font-semibold">{message.subject}</h2> : null}
              <pre className="mt-2 whitespace-pre-wrap font-sans text-sm">{message.body}</pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
