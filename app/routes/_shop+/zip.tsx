import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ZIP_EDITOR_TEXTS } from '~/components/search/zip-editor';
import { titledMeta } from '~/lib/meta';
import { safeRedirect } from '~/lib/safe-redirect';
import { ZIP_LENGTH } from '~/lib/search/zip-rules';
import { saveZipFromForm } from '~/lib/search/zip.server';
import { getShopContext } from '~/lib/request-context.server';

// The zip editor without JavaScript (issue 18): its form posts here. A zip that is taken sends
// the shopper back where they were; one that is not answers 400 with the message next to the
// field and what was typed still in it, and a way back. With JavaScript the editor posts to
// /resources/zip through a fetcher and shows the message in place.

type ZipPageData = { zip: string; error: string; redirectTo: string };

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  // Opened on its own (a bookmark): the same form with the zip in use, back to the search.
  const { session } = await getShopContext({ request, context: loadContext });
  const zip: unknown = session.get('zip');
  return { zip: typeof zip === 'string' ? zip : '' };
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get('redirectTo'), '/search');
  const { session } = await getShopContext({ request, context: loadContext });
  const saved = await saveZipFromForm(form, session);
  if (saved.error !== null) {
    const typed = form.get('zip');
    return data<ZipPageData>(
      { zip: typeof typed === 'string' ? typed.slice(0, 20) : '', error: saved.error, redirectTo },
      { status: 400 },
    );
  }
  return redirect(redirectTo);
}

export default function ZipPage() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() ?? { zip: loaded.zip, error: '', redirectTo: '/search' };
  const invalid = reply.error !== '';
  return (
    <main className="mx-auto w-full max-w-xl flex-1 px-4 py-10" data-testid="zip-page">
      <h1 className="text-2xl font-bold">Change your Zip code</h1>
      <p className="mt-2">We measure distances to vehicles from your Zip code.</p>
      <Form method="post" noValidate className="mt-4 flex flex-col gap-2" data-testid="zip-editor">
        <label htmlFor="zip-page-input" className="font-semibold">
          {ZIP_EDITOR_TEXTS.label}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id="zip-page-input"
            name="zip"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={ZIP_LENGTH}
            defaultValue={reply.zip}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'zip-page-error' : undefined}
            className="w-28 rounded-tenant border border-gray-500 bg-surface px-2 py-1 text-ink aria-[invalid=true]:border-red-700"
          />
          <input type="hidden" name="redirectTo" value={reply.redirectTo} />
          <button
            type="submit"
            className="cursor-pointer rounded-tenant border border-primary px-3 py-1 font-semibold text-primary"
          >
            {ZIP_EDITOR_TEXTS.update}
          </button>
        </div>
        {invalid ? (
          <p id="zip-page-error" className="text-sm font-semibold text-red-800" role="alert">
            {reply.error}
          </p>
        ) : null}
      </Form>
      <p className="mt-4">
        <Link to={reply.redirectTo} className="font-semibold text-primary underline">
          Back without changing it
        </Link>
      </p>
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  titledMeta(matches, 'Change your Zip code', [{ name: 'robots', content: 'noindex' }]);
