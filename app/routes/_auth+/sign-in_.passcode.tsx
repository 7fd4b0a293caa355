import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { CodeEntryPage } from '~/components/auth/code-entry-page';
import { CODE_PAGES } from '~/lib/auth/code-pages';
import { codeEntryAction, codeEntryLoader } from '~/lib/auth/code-entry.server';
import { titledMeta } from '~/lib/meta';

// Passwordless sign-in (seed 000 §2.3): the e-mail, then the six-digit passcode; which step shows depends on the flow cookie, so the URL never carries the e-mail.
// The page is the code-entry page for every code type (lib/auth/code-entry.ts).

export const loader = (args: LoaderFunctionArgs) => codeEntryLoader(args, 'sign-in-passcode');

export const action = (args: ActionFunctionArgs) => codeEntryAction(args, 'sign-in-passcode');

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, CODE_PAGES['sign-in-passcode'].title);

export default function PasscodeSignInRoute() {
  return <CodeEntryPage />;
}
