import type { LoaderFunctionArgs } from '@remix-run/node';
import { endpoints } from '~/lib/contract/endpoints';
import { deskCall, requireStaffPage } from '~/lib/desk/session.server';

// The audit trail as CSV (issue 33 point 4): one row per staff action, oldest first.

function cell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // Quoted, quotes doubled; a leading = + - @ is defused so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { context } = await requireStaffPage(request);
  const trail = await deskCall(context, endpoints.desk.audit);
  const lines = [
    ['at', 'staff', 'action', 'subject type', 'subject', 'before', 'after'].map(cell).join(','),
    ...trail.data.map((event) =>
      [event.at, event.staffEmail, event.action, event.subjectType, event.subjectId, event.before, event.after]
        .map(cell)
        .join(','),
    ),
  ];
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="audit-trail.csv"',
      'cache-control': 'no-store',
    },
  });
}
