import { Link } from '@remix-run/react';
import { textLink } from '~/components/ui/button';

// Where a shopper finds /privacy-request (issue 35 point 3): the privacy policy, the profile and
// the documents page say it in the same words; the footer links it too.

export function PrivacyRequestLink({ className = 'mt-4' }: { className?: string }) {
  return (
    <p className={className}>
      To see, copy, correct or delete the personal information we hold about you, or to opt out of its sale or sharing,{' '}
      <Link to="/privacy-request" className={textLink}>
        make a privacy request
      </Link>
      .
    </p>
  );
}
