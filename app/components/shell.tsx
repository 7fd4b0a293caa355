import type { ReactNode } from 'react';
import type { ShellData } from '~/lib/shell.server';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { PrequalReminderToast } from './prequal/prequal-reminder';

/**
 * Header, page and footer. Pages render their own <main>; the shell gives the skip link a
 * target around it.
 */
export function Shell({ data, children }: { data: ShellData; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-tenant bg-accent px-4 py-2 font-semibold text-accent-contrast focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
      >
        Skip to main content
      </a>
      <SiteHeader data={data} />
      <div id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </div>
      <SiteFooter data={data} />
      {data.prequalReminder ? <PrequalReminderToast reminder={data.prequalReminder} /> : null}
    </div>
  );
}
