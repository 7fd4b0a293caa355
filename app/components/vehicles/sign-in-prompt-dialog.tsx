import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Transition } from '@headlessui/react';
import { Form } from '@remix-run/react';
import { RESOURCE_PATHS } from '~/lib/search/actions';
import { REDIRECT_FIELD } from './no-js-form';
import { SIGN_IN_PROMPT_TEXTS, type SignInPromptProps } from './sign-in-prompt';

/** The sign-in prompt's dialog (loaded on first use by `SignInPrompt`). */
export default function SignInPromptDialog({
  open,
  onClose,
  redirectTo,
  vin,
  onClosed,
}: SignInPromptProps & { onClosed: () => void }) {
  return (
    <Transition show={open} afterLeave={onClosed}>
      <Dialog onClose={onClose} className="fixed inset-0 z-50">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-black/50 transition-opacity duration-150 data-[closed]:opacity-0"
        />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          {/* Seed 000 §9: dialogs are at most 564 px wide. */}
          <DialogPanel
            className="w-full max-w-[564px] rounded-tenant bg-surface p-6 text-ink shadow-xl"
            data-testid="sign-in-prompt"
          >
            <DialogTitle className="text-xl font-bold">{SIGN_IN_PROMPT_TEXTS.title}</DialogTitle>
            <p className="mt-2">{SIGN_IN_PROMPT_TEXTS.body}</p>
            {/* Sign in and Create an account post the heart's form once more: the server remembers
                the vehicle and saves it as soon as the shopper is signed in (issue 18). */}
            <Form method="post" action={RESOURCE_PATHS.favorites} className="mt-6 flex flex-wrap items-center gap-3">
              <input type="hidden" name="vin" value={vin} />
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} />
              <button
                type="submit"
                name="then"
                value="sign-in"
                className="cursor-pointer rounded-tenant bg-primary px-5 py-2.5 font-semibold text-primary-contrast"
              >
                {SIGN_IN_PROMPT_TEXTS.signIn}
              </button>
              <button
                type="submit"
                name="then"
                value="sign-up"
                className="cursor-pointer rounded-tenant border border-primary px-5 py-2.5 font-semibold text-primary"
              >
                {SIGN_IN_PROMPT_TEXTS.signUp}
              </button>
              <button
                type="button"
                onClick={onClose}
                className="ml-auto cursor-pointer px-3 py-2.5 font-semibold underline"
              >
                {SIGN_IN_PROMPT_TEXTS.dismiss}
              </button>
            </Form>
          </DialogPanel>
        </div>
      </Dialog>
    </Transition>
  );
}
