// Sample files for the demo shopper's uploaded documents: a licence photo (PNG, drawn with
// sharp), an insurance card and a pay stub (PDFs, written with pdf-lib). Every one says
// SAMPLE so nobody mistakes it for a real document.

import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { DEMO_SHOPPER, type DocumentKey } from './scenarios';

export type SampleFile = { fileName: string; contentType: string; bytes: Uint8Array };

function licenceSvg(): string {
  const name = `${DEMO_SHOPPER.lastName.toUpperCase()}, ${DEMO_SHOPPER.firstName.toUpperCase()}`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="404" viewBox="0 0 640 404">',
    '<rect width="640" height="404" rx="24" fill="#e8eef6"/>',
    '<rect width="640" height="72" rx="24" fill="#1f4fa8"/><rect y="48" width="640" height="24" fill="#1f4fa8"/>',
    '<text x="32" y="48" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="bold" fill="#ffffff">DRIVER LICENSE</text>',
    '<text x="608" y="48" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#ffffff">SAMPLE STATE</text>',
    '<rect x="32" y="100" width="170" height="210" rx="8" fill="#b8bec7"/>',
    '<circle cx="117" cy="180" r="48" fill="#6b7078"/><path d="M47,300 C57,238 177,238 187,300 Z" fill="#6b7078"/>',
    `<text x="230" y="130" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#55595f">NAME</text>`,
    `<text x="230" y="158" font-family="DejaVu Sans, sans-serif" font-size="26" font-weight="bold" fill="#1c1d21">${name}</text>`,
    '<text x="230" y="198" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#55595f">DL NO.  S000-1234-5678</text>',
    '<text x="230" y="226" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#55595f">DOB  01/01/1990   CLASS  C</text>',
    '<text x="230" y="254" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#55595f">EXP  12/31/2030</text>',
    '<text x="320" y="370" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="22" font-weight="bold" fill="#b3202a">SAMPLE - NOT A REAL DOCUMENT</text>',
    '</svg>',
  ].join('');
}

async function licencePng(): Promise<SampleFile> {
  const bytes = await sharp(Buffer.from(licenceSvg())).png({ compressionLevel: 9, palette: true }).toBuffer();
  return { fileName: 'drivers-license.png', contentType: 'image/png', bytes: new Uint8Array(bytes) };
}

async function insuranceCardPdf(): Promise<SampleFile> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Insurance card (sample)');
  pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  const page = pdf.addPage([252, 144]); // a wallet card, 3.5 × 2 inches
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawRectangle({ x: 0, y: 112, width: 252, height: 32, color: rgb(0.12, 0.31, 0.66) });
  page.drawText('AUTO INSURANCE ID CARD', { x: 12, y: 123, size: 11, font: bold, color: rgb(1, 1, 1) });
  const lines = [
    `Insured: ${DEMO_SHOPPER.firstName} ${DEMO_SHOPPER.lastName}`,
    'Company: Sample Mutual Insurance',
    'Policy: SMI-0000-4821',
    'Effective: 01/01/2026  Expires: 01/01/2027',
  ];
  lines.forEach((line, index) => page.drawText(line, { x: 12, y: 96 - index * 14, size: 8, font: regular }));
  page.drawText('SAMPLE - NOT A REAL DOCUMENT', { x: 12, y: 14, size: 9, font: bold, color: rgb(0.7, 0.13, 0.16) });
  return { fileName: 'insurance-card.pdf', contentType: 'application/pdf', bytes: await pdf.save() };
}

async function payStubPdf(): Promise<SampleFile> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Pay stub (sample)');
  pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  const page = pdf.addPage([612, 396]); // half a letter page
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('EARNINGS STATEMENT', { x: 36, y: 350, size: 16, font: bold });
  page.drawText('Sample Employer Inc. - 100 Example Street', { x: 36, y: 330, size: 10, font: regular });
  page.drawText(`Employee: ${DEMO_SHOPPER.firstName} ${DEMO_SHOPPER.lastName}`, {
    x: 36,
    y: 306,
    size: 10,
    font: regular,
  });
  page.drawText('Pay period: 10/01/2026 - 10/15/2026    Pay date: 10/20/2026', {
    x: 36,
    y: 290,
    size: 10,
    font: regular,
  });
  const rows: Array<[string, string, string]> = [
    ['Description', 'Current', 'Year to date'],
    ['Regular pay', '3,250.00', '61,750.00'],
    ['Federal income tax', '-412.50', '-7,837.50'],
    ['Social Security', '-201.50', '-3,828.50'],
    ['Medicare', '-47.13', '-895.47'],
    ['Net pay', '2,588.87', '49,188.53'],
  ];
  rows.forEach(([label, current, ytd], index) => {
    const y = 256 - index * 20;
    const font = index === 0 || index === rows.length - 1 ? bold : regular;
    page.drawText(label, { x: 36, y, size: 10, font });
    page.drawText(current, { x: 360 - font.widthOfTextAtSize(current, 10), y, size: 10, font });
    page.drawText(ytd, { x: 560 - font.widthOfTextAtSize(ytd, 10), y, size: 10, font });
  });
  page.drawText('SAMPLE - NOT A REAL DOCUMENT', { x: 36, y: 40, size: 14, font: bold, color: rgb(0.7, 0.13, 0.16) });
  return { fileName: 'pay-stub.pdf', contentType: 'application/pdf', bytes: await pdf.save() };
}

/** One sample file per document key the seed completes; the other keys reuse the pay stub's form. */
export async function renderSampleFiles(): Promise<Record<DocumentKey, SampleFile>> {
  const [licence, insuranceCard, payStub] = await Promise.all([licencePng(), insuranceCardPdf(), payStubPdf()]);
  return {
    'APP.DRIVERSLICENSE': licence,
    'GEN.INSURANCECARD': insuranceCard,
    'APP.PAYSTUB': payStub,
    'APP.W2': { ...payStub, fileName: 'w2.pdf' },
    'APP.OTHER': { ...payStub, fileName: 'document.pdf' },
  };
}
