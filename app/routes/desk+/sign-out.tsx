import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import { deskApiContext, destroyDeskSession, getDeskSession } from '~/lib/desk/session.server';
import { logger } from '~/lib/shared/logger.server';

// Ends the desk session in the API, then forgets the cookie. A GET goes to the sign-in page.
export async function loader() {
  return redirect('/desk/sign-in');
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getDeskSession(request);
  if (session.get('token')) {
    await callApi(deskApiContext(request, session), endpoints.desk.signOut, { json: {} }).catch((error: unknown) =>
      logger.warn({ err: error }, 'desk: the sign-out did not reach the API'),
    );
  }
  return redirect('/desk/sign-in', { headers: { 'set-cookie': await destroyDeskSession(request, session) } });
}
