import type { ReactNode } from 'react';
import type { ShellData } from '~/lib/shell.server';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { island } from './ui/island';

// The pre-qualification reminder's code (its inline frame, the refresh form) loads only on a
// page that has one: most pages and every signed-out page have none (issue 17, decision 046).
const PrequalReminderIsland = island(
  () => import('./prequal/prequal-reminder').then((module) => module.PrequalReminderToast),
  { start: 'render' },
);

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
      {data.prequalReminder ? <PrequalReminderIsland reminder={data.prequalReminder} /> : null}
    </div>
  );
}
