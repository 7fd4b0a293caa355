import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { signOut } from '~/lib/auth.server';
import { getShopContext } from '~/lib/request-context.server';

// Sign-out is a POST (a form in the account menu); a GET just goes home.
export async function loader() {
  return redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signOut(request, await getShopContext({ request, context }));
}
