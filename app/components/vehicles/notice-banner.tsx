import type { Notice } from '~/lib/search/actions';

/**
 * A message a form left for this page (posted without JavaScript): the compare limit, a refusal.
 * A removal's confirmation is not one of them: the page's RemovalSnackbar shows it.
 */
export function NoticeBanner({ notice }: { notice: Notice | null | undefined }) {
  if (!notice || notice.removal) return null;
  const tone = notice.kind === 'error' ? 'border-red-700 bg-red-50 text-red-900' : 'border-primary bg-surface text-ink';
  return (
    <div
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={`rounded-tenant border-l-4 px-4 py-3 font-semibold ${tone}`}
      data-testid="notice"
    >
      {notice.message}
    </div>
  );
}
