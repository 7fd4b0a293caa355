import type { DealLine, DealLines } from '../../app/lib/shared/pricing/deal-lines';
import type { Tenant } from '../../app/lib/shared/tenant/schema';

// The HTML part of a buyer's e-mail (issue 31 point 5, decision 111): the same words and the
// same deal lines as the plain-text part, in the tenant's brand (its name, its logo, its
// primary colour). Every value is escaped: a shopper's name or a vehicle's trim is text, never
// markup. Inline styles and tables only, which is what e-mail programs render.

/** A row of a table: its label and value; a total is printed in bold under a rule. */
export type EmailRow = { label: string; value: string; total?: boolean };
export type EmailTable = { title?: string; rows: EmailRow[] };

export type BuyerEmailContent = {
  /** The message's paragraphs, as in the plain-text part; a newline inside one is a line break. */
  paragraphs: string[];
  /** The figures: the deal's lines, or a trade-in's value, payoff and equity. */
  tables: EmailTable[];
  /** The link to the page the e-mail is about. */
  link: { href: string; label: string };
  /** A closing paragraph (the calendar file's note). */
  note?: string;
};

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** The deal's lines as tables: each group with its total, then the terms, then the parties. */
export function dealLineTables(lines: DealLines | null): EmailTable[] {
  if (!lines) return [];
  const row = (line: DealLine, total = false): EmailRow => ({ label: line.label, value: line.value, total });
  return [
    ...lines.groups.map((group) => ({
      title: group.title,
      rows: [...group.lines.map((line) => row(line)), row(group.total, true)],
    })),
    { rows: lines.terms.map((line) => row(line)) },
    { rows: lines.parties.map((line) => row(line)) },
  ].filter((table) => table.rows.length > 0);
}

function paragraph(text: string, style = 'margin:0 0 16px'): string {
  return `<p style="${style}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
}

function table(entry: EmailTable, text: string): string {
  const caption = entry.title
    ? `<caption style="text-align:left;font-weight:bold;padding:0 0 6px">${escapeHtml(entry.title)}</caption>`
    : '';
  const rows = entry.rows
    .map((row) => {
      const style = row.total ? `font-weight:bold;border-top:1px solid ${text}` : '';
      return `<tr><td style="padding:4px 12px 4px 0;${style}">${escapeHtml(row.label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap;${style}">${escapeHtml(row.value)}</td></tr>`;
    })
    .join('');
  return `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 20px">${caption}<tbody>${rows}</tbody></table>`;
}

/** The whole HTML document of a buyer's e-mail in the tenant's brand. */
export function buyerEmailHtml(
  tenant: Pick<Tenant, 'id' | 'brandName' | 'legalName' | 'theme' | 'images'>,
  content: BuyerEmailContent,
  logoUrl: string | null,
): string {
  const { primary, primaryContrast, surface, text } = tenant.theme;
  const name = escapeHtml(tenant.brandName);
  const logo = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="${name}" height="40" style="display:block;height:40px;border:0">`
    : `<span style="font-size:20px;font-weight:bold">${name}</span>`;
  const body = [
    ...content.paragraphs.map((entry) => paragraph(entry)),
    ...content.tables.map((entry) => table(entry, text)),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(content.link.href)}" style="display:inline-block;padding:10px 16px;background:${escapeHtml(primary)};color:${escapeHtml(primaryContrast)};text-decoration:none;font-weight:bold">${escapeHtml(content.link.label)}</a></p>`,
    content.note ? paragraph(content.note) : '',
  ].join('');
  return [
    '<!DOCTYPE html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${name}</title></head>`,
    `<body style="margin:0;padding:0;background:${escapeHtml(surface)};color:${escapeHtml(text)};font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.4">`,
    '<div style="max-width:600px;margin:0 auto">',
    `<div style="background:${escapeHtml(primary)};color:${escapeHtml(primaryContrast)};padding:16px 20px">${logo}</div>`,
    `<div style="padding:20px">${body}</div>`,
    `<div style="padding:12px 20px;font-size:12px;border-top:1px solid ${escapeHtml(text)}">${escapeHtml(tenant.legalName)}</div>`,
    '</div></body></html>',
  ].join('\n');
}
