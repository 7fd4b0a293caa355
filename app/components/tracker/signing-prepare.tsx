import { Form, useNavigation } from '@remix-run/react';
import { signingPath } from './signing-envelope';
import { SubmitButton } from '~/components/ui/button';

// The contract review's and the contract page's form: on a module of its own, so the signing
// step's other pages do not carry it (decision 057).

/** Starts (or restarts) preparing the contract. */
export function PrepareForm({
  orderNumber,
  label,
  variant = 'primary',
}: {
  orderNumber: string;
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'prepare';
  return (
    <Form method="post" action={signingPath(orderNumber, 'contract-ready')}>
      <SubmitButton value="prepare" loading={busy} variant={variant}>
        {label}
      </SubmitButton>
    </Form>
  );
}
