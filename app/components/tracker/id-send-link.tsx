import { Form, useNavigation } from '@remix-run/react';
import { idPath } from './id-verification';
import { CallUs } from './step-page';
import { Notice } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';

// The ID step's form that texts the capture link, an island hydrated on the shopper's first
// interaction (SendLinkForm in ./id-verification.tsx, decision 057). After a check that
// did not go through, the notice that says so comes first, with the form's code (so a page
// without a notice loads no alert bar).

/** Texts the capture link (posts to the ID step's own page). */
export function SendLinkForm({
  id,
  orderNumber,
  again,
  failed,
  error,
}: {
  /** The form's id, the island's. */
  id: string;
  orderNumber: string;
  again: boolean;
  /** The last check did not go through, or its link expired unused. */
  failed: boolean;
  error?: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'send-link';
  return (
    <>
      {failed ? (
        <Notice kind="warning" title="We could not verify your ID">
          The check did not go through, or the link expired before it was used. Send yourself a new link. <CallUs />
        </Notice>
      ) : null}
      <Form
        method="post"
        action={`${idPath(orderNumber)}?index`}
        id={id}
        className="flex flex-col gap-3"
        data-testid="id-send-link"
      >
        {error ? <Notice kind="error">{error}</Notice> : null}
        <p>
          We will text a secure link to the mobile phone on your account. Open it on your phone to photograph the front
          and back of your driver’s license and take a selfie. The link expires in 24 hours.
        </p>
        <div>
          <SubmitButton value="send-link" loading={busy}>
            {again ? 'Send a new link' : 'Text me the link'}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
