import { Form, Link, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useHydrated } from '../hydrated';
import type { Decision } from './deal-decision';
import { Dialog } from '~/components/ui/dialog';
import { SubmitButton, primaryButton, secondaryButton } from '~/components/ui/button';

// Accept or decline the deal or the lender's offer, each confirmed first (seed 002 §4): a dialog
// with JavaScript; without, the buttons are links to a confirmation page (?confirm=accept|decline)
// with the form that posts the answer. The pages render it as DecisionActions.

const COPY: Record<
  'deal' | 'finance',
  Record<Decision, { title: string; body: string; yes: string; button: string }>
> = {
  deal: {
    accept: {
      title: 'Accept this deal?',
      body: 'We will prepare your contract with these terms.',
      yes: 'Yes, accept the deal',
      button: 'Accept deal',
    },
    decline: {
      title: 'Decline this deal?',
      body: 'Your dealer will be told and signing stops until you agree on new terms.',
      yes: 'Yes, decline the deal',
      button: 'Decline deal',
    },
  },
  finance: {
    accept: {
      title: 'Accept this offer?',
      body: 'We will prepare your contract with these loan terms.',
      yes: 'Yes, accept the offer',
      button: 'Accept offer',
    },
    decline: {
      title: 'Decline this offer?',
      body: 'You will not be able to sign with this lender. Call us to talk about other options.',
      yes: 'Yes, decline the offer',
      button: 'Decline offer',
    },
  },
};

function DecisionForm({
  action,
  decision,
  kind,
  onCancel,
  cancelHref,
}: {
  action: string;
  decision: Decision;
  kind: 'deal' | 'finance';
  onCancel?: () => void;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === decision;
  const copy = COPY[kind][decision];
  return (
    <Form
      method="post"
      action={action}
      className="flex flex-col gap-4"
      data-testid="decision-confirm"
      data-decision={decision}
    >
      <p>{copy.body}</p>
      <div className="flex flex-wrap gap-3">
        <SubmitButton value={decision} loading={busy}>
          {copy.yes}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <Link to={cancelHref} className={secondaryButton}>
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}

/** Accept and decline, each confirmed first. `pagePath` is this page; `action` where the answer posts. */
export function DecisionActions({
  kind,
  pagePath,
  action,
  confirm,
}: {
  kind: 'deal' | 'finance';
  pagePath: string;
  action: string;
  confirm: Decision | null;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<Decision | null>(null);

  // The confirmation page: no JavaScript, or a shared link to it.
  if (confirm) {
    return (
      <section
        aria-labelledby="decision-confirm-title"
        className="flex flex-col gap-3"
        data-testid="decision-confirm-page"
      >
        <h3 id="decision-confirm-title" className="text-lg font-semibold">
          {COPY[kind][confirm].title}
        </h3>
        <DecisionForm action={action} decision={confirm} kind={kind} cancelHref={pagePath} />
      </section>
    );
  }
  if (!hydrated) {
    return (
      <div className="flex flex-wrap gap-3">
        <Link to={`${pagePath}?confirm=accept`} className={primaryButton}>
          {COPY[kind].accept.button}
        </Link>
        <Link to={`${pagePath}?confirm=decline`} className={secondaryButton}>
          {COPY[kind].decline.button}
        </Link>
      </div>
    );
  }
  return (
    <>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={primaryButton} onClick={() => setOpen('accept')}>
          {COPY[kind].accept.button}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setOpen('decline')}>
          {COPY[kind].decline.button}
        </button>
      </div>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? COPY[kind][open].title : ''}
        testId="decision-dialog"
      >
        {open ? (
          <DecisionForm
            action={action}
            decision={open}
            kind={kind}
            onCancel={() => setOpen(null)}
            cancelHref={pagePath}
          />
        ) : null}
      </Dialog>
    </>
  );
}
