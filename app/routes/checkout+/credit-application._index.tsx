import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { applicationStepPath, applicationStepsOf } from '~/lib/checkout/credit-application-steps';
import { requireApplicationCart } from './credit-application.server';

// /checkout/credit-application: where the shopper resumes, the first step not saved yet.

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await requireApplicationCart(request, loadContext);
  const completed = context.cart.creditApplication?.completed ?? [];
  const open = applicationStepsOf(context.cart).find((step) => step !== 'review' && !completed.includes(step));
  throw redirect(applicationStepPath(open ?? 'review'));
}
