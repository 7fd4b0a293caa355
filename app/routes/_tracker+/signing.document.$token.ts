import type { LoaderFunctionArgs } from '@remix-run/node';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DealLinesTable } from '~/components/deal/deal-lines';
import { ApiError, callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import { CONTRACT_ERRORS, type DealTerms, type SigningDocument } from '~/lib/contract/tracker';
import { getApiContext, getSession } from '~/lib/session.server';
import type { Tenant } from '~/lib/shared/tenant/schema';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { CONTRACT_MESSAGES } from '~/components/tracker/signing';

// /signing/document/{token}: the embedded signing page, framed by the contract-ready page (the
// only path family the server lets our own pages frame). A small self-contained document, not a
// Remix page: no header, no footer, no script. It shows the contract the commerce API answers
// for the token and a sign form (typed name and agreement) that posts to the order's
// contract-ready page in the top window, so signing works the same with JavaScript off.

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (cents: number) => USD.format(cents / 100);

function title(terms: Pick<DealTerms, 'dealType'>): string {
  if (terms.dealType === 'Finance') return 'Retail Installment Sale Contract';
  if (terms.dealType === 'Lease') return 'Motor Vehicle Lease Agreement';
  return 'Vehicle Purchase Agreement';
}

function lines(terms: DealTerms): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Vehicle price', money(terms.priceCents)],
    ['Taxes', money(terms.taxesCents)],
    ['Title, registration and fees', money(terms.feesCents)],
  ];
  if (terms.dealType === 'Cash') return [...rows, ['Total due', money(terms.dueCents)]];
  return [
    ...rows,
    [terms.dealType === 'Lease' ? 'Due at signing' : 'Down payment', money(terms.downPaymentCents)],
    [terms.dealType === 'Lease' ? 'Amount capitalized' : 'Amount financed', money(terms.amountFinancedCents)],
    ['Annual percentage rate', terms.aprPercent === null ? '—' : `${terms.aprPercent.toFixed(2)}%`],
    ['Term', terms.termMonths === null ? '—' : `${terms.termMonths} months`],
    ['Monthly payment', terms.monthlyPaymentCents === null ? 'Set with your dealer' : money(terms.monthlyPaymentCents)],
  ];
}

function page(tenant: Tenant, heading: string, body: string, status = 200): Response {
  const { theme } = tenant;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(heading)} · ${escape(tenant.brandName)}</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1c1d21; background: #fff; line-height: 1.5; }
  main { max-width: 760px; margin: 0 auto; padding: 24px; }
  h1 { font-size: 1.5rem; margin: 0 0 4px; }
  h2 { font-size: 1.05rem; margin: 24px 0 8px; border-bottom: 1px solid #8a919c; padding-bottom: 4px; }
  .muted { color: #4a4f57; }
  dl { display: grid; grid-template-columns: 1fr auto; gap: 4px 24px; margin: 0; }
  dt { color: #4a4f57; } dd { margin: 0; text-align: right; font-weight: 600; }
  .contents { display: contents; } [data-group] { margin-bottom: 12px; } h3 { font-size: 1rem; margin: 12px 0 4px; }
  .font-bold { font-weight: 700; color: #1c1d21; } .border-t { border-top: 1px solid #8a919c; padding-top: 4px; }
  form { margin-top: 24px; padding: 16px; border: 1px solid #8a919c; border-radius: 8px; display: grid; gap: 12px; }
  label { font-weight: 600; }
  input[type=text] { display: block; width: 100%; box-sizing: border-box; margin-top: 4px; padding: 8px 12px; font: inherit; border: 1px solid #5b5f66; border-radius: 6px; }
  .check { display: flex; gap: 8px; align-items: flex-start; font-weight: 400; }
  button { justify-self: start; min-height: 44px; padding: 10px 20px; font: inherit; font-weight: 700; border: 0; border-radius: 6px; cursor: pointer; background: ${theme.primary}; color: ${theme.primaryContrast}; }
  a { color: #1c1d21; font-weight: 600; }
  .notice { padding: 12px 16px; border-left: 4px solid #b45309; background: #fffbeb; }
</style>
</head>
<body>
<main>
<h1>${escape(heading)}</h1>
${body}
</main>
</body>
</html>`;
  return new Response(html, {
    status,
    // No referrer policy of its own: with no-referrer the sign form's post would carry Origin: null,
    // which the cross-site post guard refuses.
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

function contractBody(document: SigningDocument, token: string): string {
  const { terms } = document;
  const order = encodeURIComponent(document.orderNumber);
  // The deal's lines (issue 31), the same component and the same lines as the PDF and the tracker.
  const rows = terms.lines
    ? renderToStaticMarkup(createElement(DealLinesTable, { lines: terms.lines }))
    : `<dl>${lines(terms)
        .map(([label, value]) => `<dt>${escape(label)}</dt><dd>${escape(value)}</dd>`)
        .join('')}</dl>`;
  const contract = `
<p class="muted">Order ${escape(document.orderNumber)}</p>
<h2>Seller</h2>
<p>${escape(terms.dealer.legalName)}<br><span class="muted">${escape(terms.dealer.address)}</span></p>
<h2>Buyer</h2>
<p>${escape(`${terms.buyer.firstName} ${terms.buyer.lastName}`)}<br><span class="muted">${escape(terms.buyer.email)}</span></p>
<h2>Vehicle</h2>
<p>${escape(`${terms.vehicle.year} ${terms.vehicle.make} ${terms.vehicle.model} ${terms.vehicle.trim}`)}<br><span class="muted">VIN ${escape(terms.vehicle.vin)}</span></p>
<h2>Price and terms</h2>
${rows}
<h2>Agreement</h2>
<p>The buyer agrees to buy, and the seller agrees to sell, the vehicle above on these terms. The buyer signs electronically by typing their name; an electronic signature has the same effect as one on paper. The contract takes effect once the seller countersigns it.</p>
<p><a href="/signing/document/${escape(token)}/pdf" target="_blank" rel="noreferrer">Download the contract (PDF)</a></p>`;
  if (document.state === 'SIGNED') return `${contract}<p class="notice">You signed this contract.</p>`;
  if (document.state !== 'READY') return `${contract}<p class="notice">${escape(CONTRACT_MESSAGES.notAvailable)}</p>`;
  return `${contract}
<form method="post" action="/progress/${order}/signing/contract-ready" target="_top">
  <input type="hidden" name="intent" value="sign">
  <input type="hidden" name="token" value="${escape(token)}">
  <div>
    <label for="typedName">Type your full name to sign: ${escape(document.buyerName)}</label>
    <input type="text" id="typedName" name="typedName" autocomplete="name" maxlength="80">
  </div>
  <label class="check"><input type="checkbox" name="agreed"> I agree to sign this contract electronically.</label>
  <button type="submit">Sign contract</button>
</form>`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const tenant = getTenantForRequest(request);
  const token = params.token ?? '';
  const session = await getSession(request);
  if (!session.get('identityToken')) {
    return page(
      tenant,
      'Sign in to sign your contract',
      `<p>Your session has ended. <a href="/sign-in" target="_top">Sign in</a> with the e-mail tied to your order, then open your contract again.</p>`,
      401,
    );
  }
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token))
    return page(tenant, 'This link does not work', `<p>${escape(CONTRACT_MESSAGES.linkBroken)}</p>`, 404);
  try {
    const answer = await callApi(await getApiContext(request, session), endpoints.contracting.document, {
      params: { token },
    });
    if (!answer) return new Response(null, { status: 499 });
    return page(tenant, title(answer.data.terms), contractBody(answer.data, token));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === CONTRACT_ERRORS.differentEmail)
      return page(
        tenant,
        'This contract is not yours to sign',
        `<p>${escape(CONTRACT_MESSAGES.differentEmail)}</p>`,
        403,
      );
    if (error.code === CONTRACT_ERRORS.linkExpired)
      return page(tenant, 'This link has expired', `<p>${escape(CONTRACT_MESSAGES.expired)}</p>`, 410);
    if (error.status === 404 || error.status === 401)
      return page(tenant, 'This link does not work', `<p>${escape(CONTRACT_MESSAGES.linkBroken)}</p>`, 404);
    return page(
      tenant,
      'Something went wrong',
      '<p>We could not open your contract just now. Please try again in a moment.</p>',
      502,
    );
  }
}
