import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DealTerms } from '../../app/lib/contract/tracker';
import { formatUsdWithCents } from '../../app/lib/shared/money';
import { formatDealerDate } from '../../app/lib/shared/dealer-time';

// The contract the shopper signs, drawn with pdf-lib: the parties, the vehicle, the price and
// the terms, and the signatures once given. One Letter page; the document's metadata names the
// order so support can tell contracts apart.

export type ContractSignatures = { buyerSignedAt: Date | null; buyerName: string; dealerSigned: boolean };

const MARGIN = 54;
const INK = rgb(0.11, 0.11, 0.13);
const MUTED = rgb(0.35, 0.36, 0.4);

function phone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The standard fonts write WinAnsi only: any other character becomes '?' instead of failing the PDF. */
export function winAnsi(value: string): string {
  return value.normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g, '?');
}

export function contractTitle(terms: Pick<DealTerms, 'dealType'>): string {
  if (terms.dealType === 'Finance') return 'Retail Installment Sale Contract';
  if (terms.dealType === 'Lease') return 'Motor Vehicle Lease Agreement';
  return 'Vehicle Purchase Agreement';
}

function money(cents: number): string {
  return formatUsdWithCents(cents);
}

/**
 * The lines of the terms table: label and amount, in the order the contract prints them. Every
 * figure is read from the terms (the deal the order stored when it was accepted), none is
 * priced again here.
 */
export function contractLines(terms: DealTerms): Array<[string, string]> {
  // The deal's lines (issue 31), the same as every other surface's: each group's parts, then its total.
  if (terms.lines) {
    const { groups, terms: facts } = terms.lines;
    return [...groups.flatMap((group) => [...group.lines, group.total]), ...facts].map((line) => [
      line.label,
      line.value,
    ]);
  }
  const protection = terms.protectionCents ?? 0;
  const equity = terms.tradeInEquityCents ?? 0;
  const extras: Array<[string, string]> = [];
  if (protection > 0) extras.push(['Vehicle protection', money(protection)]);
  if (equity !== 0)
    extras.push([
      equity > 0 ? 'Trade-in equity' : 'Trade-in negative equity',
      equity > 0 ? `-${money(equity)}` : money(-equity),
    ]);
  const apr = ['Annual percentage rate', terms.aprPercent === null ? '—' : `${terms.aprPercent.toFixed(2)}%`] as [
    string,
    string,
  ];
  const term = ['Term', terms.termMonths === null ? '—' : `${terms.termMonths} months`] as [string, string];
  const monthly = [
    'Monthly payment',
    terms.monthlyPaymentCents === null ? 'Set by the dealer' : money(terms.monthlyPaymentCents),
  ] as [string, string];

  if (terms.dealType === 'Lease') {
    const lease = terms.lease;
    const lines: Array<[string, string]> = [['Agreed value of the vehicle', money(terms.priceCents)], ...extras];
    if (lease) {
      lines.push(
        ['Capitalized cost reduction', money(lease.capCostReductionCents)],
        ['Adjusted capitalized cost', money(lease.adjustedCapCostCents)],
        ['Residual value', money(lease.residualCents)],
        ['Money factor', lease.moneyFactor.toFixed(5)],
      );
    } else {
      lines.push(['Capitalized cost reduction', money(terms.downPaymentCents)]);
    }
    lines.push(term);
    if (lease) lines.push(['Annual miles included', `${lease.annualMiles.toLocaleString('en-US')} miles`]);
    lines.push(monthly);
    if (lease) lines.push(['Sales tax in each payment', money(lease.monthlyTaxCents)]);
    lines.push(['Title, registration and fees', money(terms.feesCents)], ['Due at signing', money(terms.dueCents)]);
    return lines;
  }
  const lines: Array<[string, string]> = [
    ['Vehicle price', money(terms.priceCents)],
    ['Taxes', money(terms.taxesCents)],
    ['Title, registration and fees', money(terms.feesCents)],
    ...extras,
  ];
  if (terms.dealType === 'Cash') {
    lines.push(['Total due', money(terms.dueCents)]);
    return lines;
  }
  lines.push(
    ['Down payment', money(terms.downPaymentCents)],
    ['Amount financed', money(terms.amountFinancedCents)],
    apr,
    term,
    monthly,
  );
  return lines;
}

/** The parties' roles in the contract's words. */
export function partyLabels(terms: Pick<DealTerms, 'dealType'>): { seller: string; buyer: string; coBuyer: string } {
  if (terms.dealType === 'Lease') return { seller: 'Lessor', buyer: 'Lessee', coBuyer: 'Co-lessee' };
  return { seller: 'Seller', buyer: 'Buyer', coBuyer: 'Co-buyer' };
}

/** The agreement paragraph, in lease wording for a lease (term and annual miles included). */
export function agreementText(terms: DealTerms): string[] {
  if (terms.dealType === 'Lease') {
    const miles = terms.lease ? `${terms.lease.annualMiles.toLocaleString('en-US')} miles a year` : 'the miles agreed';
    const months = terms.termMonths === null ? 'the agreed term' : `${terms.termMonths} months`;
    return [
      `The lessee agrees to lease, and the lessor agrees to lease, the vehicle above for ${months}, with ${miles}`,
      'included, on these terms. The lessee signs electronically by typing their name; an electronic signature',
      'has the same effect as one on paper. The lease takes effect once the lessor countersigns it.',
    ];
  }
  return [
    'The buyer agrees to buy, and the seller agrees to sell, the vehicle above on these terms. The buyer',
    'signs electronically by typing their name; an electronic signature has the same effect as one on paper.',
    'The contract takes effect once the seller countersigns it.',
  ];
}

export async function renderContractPdf(
  terms: DealTerms,
  signatures: ContractSignatures,
  issuedAt: Date,
  /** The dealer's zone: the dates on the contract are the dealer's days. */
  timeZone: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = contractTitle(terms);
  pdf.setTitle(`${title} – order ${terms.orderNumber}`);
  pdf.setSubject(`Order ${terms.orderNumber}`);
  pdf.setAuthor(terms.dealer.legalName);
  pdf.setCreator('Showroom');
  pdf.setKeywords([terms.orderNumber, terms.vehicle.vin]);
  pdf.setCreationDate(issuedAt);
  pdf.setModificationDate(issuedAt);

  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 792 - MARGIN;

  function text(
    target: PDFPage,
    value: string,
    options: { size?: number; font?: PDFFont; x?: number; color?: typeof INK } = {},
  ) {
    target.drawText(winAnsi(value), {
      x: options.x ?? MARGIN,
      y,
      size: options.size ?? 10,
      font: options.font ?? regular,
      color: options.color ?? INK,
    });
  }
  function heading(value: string) {
    y -= 22;
    text(page, value, { size: 12, font: bold });
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: 612 - MARGIN, y }, thickness: 0.5, color: MUTED });
    y -= 14;
  }
  function row(label: string, value: string) {
    text(page, label, { color: MUTED });
    const width = regular.widthOfTextAtSize(winAnsi(value), 10);
    text(page, value, { x: 612 - MARGIN - width });
    y -= 15;
  }

  text(page, title, { size: 18, font: bold });
  y -= 18;
  text(page, `Order ${terms.orderNumber} · issued ${formatDealerDate(issuedAt, timeZone)}`, { color: MUTED });

  const labels = partyLabels(terms);
  heading(labels.seller);
  text(page, terms.dealer.legalName);
  y -= 14;
  text(page, terms.dealer.address, { color: MUTED });
  y -= 14;
  text(page, phone(terms.dealer.phone), { color: MUTED });

  heading(labels.buyer);
  text(page, `${terms.buyer.firstName} ${terms.buyer.lastName}`);
  y -= 14;
  text(page, terms.buyer.email, { color: MUTED });
  if (terms.coBuyer) {
    heading(labels.coBuyer);
    text(page, `${terms.coBuyer.firstName} ${terms.coBuyer.lastName}`);
    if (terms.coBuyer.email) {
      y -= 14;
      text(page, terms.coBuyer.email, { color: MUTED });
    }
  }

  heading('Vehicle');
  text(page, `${terms.vehicle.year} ${terms.vehicle.make} ${terms.vehicle.model} ${terms.vehicle.trim}`);
  y -= 14;
  text(page, `VIN ${terms.vehicle.vin} · ${terms.vehicle.mileage.toLocaleString('en-US')} miles`, { color: MUTED });

  heading('Price and terms');
  for (const [label, value] of contractLines(terms)) row(label, value);

  heading('Agreement');
  for (const line of agreementText(terms)) {
    text(page, line, { size: 9 });
    y -= 12;
  }

  heading('Signatures');
  text(page, `${labels.buyer}:`, { color: MUTED });
  text(
    page,
    signatures.buyerSignedAt
      ? `Signed electronically by ${signatures.buyerName} on ${formatDealerDate(signatures.buyerSignedAt, timeZone)}`
      : 'Not signed yet',
    {
      x: MARGIN + 60,
    },
  );
  y -= 16;
  text(page, `${labels.seller}:`, { color: MUTED });
  text(
    page,
    signatures.dealerSigned ? `Countersigned electronically by ${terms.dealer.legalName}` : 'Not countersigned yet',
    { x: MARGIN + 60 },
  );

  return pdf.save();
}
