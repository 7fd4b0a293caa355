import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { signOut } from '~/lib/auth.server';

// Sign-out is a POST (a form in the account menu); a GET just goes home.
export async function loader() {
  return redirect('/');
}

export async function action({ request }: ActionFunctionArgs) {
  return signOut(request);
}
