import type { ReactNode } from 'react';
import { Link } from '@remix-run/react';

/** An account section that is not built yet: what will be here, and a way onward. */
export function AccountPlaceholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="account-section-title" data-placeholder="true">
      <h2 id="account-section-title" className="mb-2 text-xl font-semibold">
        {title}
      </h2>
      <p className="mb-4">{children}</p>
      <p>
        <Link to="/search" className="font-semibold text-primary underline">
          Shop vehicles
        </Link>
      </p>
    </section>
  );
}
