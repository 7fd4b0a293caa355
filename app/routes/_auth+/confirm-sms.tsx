import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { CodeEntryPage } from '~/components/auth/code-entry-page';
import { CODE_PAGES } from '~/lib/auth/code-pages';
import { codeEntryAction, codeEntryLoader } from '~/lib/auth/code-entry.server';
import { titledMeta } from '~/lib/meta';

// Confirm sign-up by the code texted to the phone given at sign-up (seed 000 §2.3).
// The page is the code-entry page for every code type (lib/auth/code-entry.ts).

export const loader = (args: LoaderFunctionArgs) => codeEntryLoader(args, 'account-sms');

export const action = (args: ActionFunctionArgs) => codeEntryAction(args, 'account-sms');

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, CODE_PAGES['account-sms'].title);

export default function ConfirmSmsRoute() {
  return <CodeEntryPage />;
}
