import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { CodeEntryPage } from '~/components/auth/code-entry-page';
import { CODE_PAGES } from '~/lib/auth/code-pages';
import { codeEntryAction, codeEntryLoader } from '~/lib/auth/code-entry.server';
import { titledMeta } from '~/lib/meta';

// Confirm sign-up by the code e-mailed (seed 000 §2.3): the e-mail (read-only) and the code.
// The page is the code-entry page for every code type (lib/auth/code-entry.ts).

export const loader = (args: LoaderFunctionArgs) => codeEntryLoader(args, 'account-email');

export const action = (args: ActionFunctionArgs) => codeEntryAction(args, 'account-email');

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, CODE_PAGES['account-email'].title);

export default function ConfirmAccountRoute() {
  return <CodeEntryPage />;
}
