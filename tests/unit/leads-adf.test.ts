import { describe, expect, it } from 'vitest';
import { convert, create } from 'xmlbuilder2';
import { toAdfXml, type AdfLead } from '#server/leads/adf';
import { getZodConstraint } from '@conform-to/zod/v4';
import { charactersRemaining, leadFieldsSchema } from '~/lib/shared/validation/lead';
import { LEAD_COMMENTS_MAX, LEAD_CONSTRAINT, LEAD_MESSAGES } from '~/lib/shared/validation/lead-rules';

// The ADF/XML a dealer's CRM imports (issue 15 point 1), and the lead form's rules (seed 002 §3, §5).

const LEAD: AdfLead = {
  id: '7d1f0a4e-0000-4000-8000-000000000001',
  createdAt: new Date('2026-11-25T12:00:00Z'),
  source: 'vehicle',
  firstName: "D'Arcy",
  lastName: 'Smith-Jones',
  email: 'darcy@shop.test',
  phone: '5125550147',
  phoneConsent: true,
  comments: 'Trade <2015 Civic> & cash? "yes"',
  vin: '2T1BURHE5KC512345',
  vehicle: {
    vin: '2T1BURHE5KC512345',
    year: 2022,
    make: 'Toyota',
    model: 'Corolla',
    trim: 'LE',
    condition: 'used',
    priceCents: 2_800_000,
  },
  dealer: { name: 'Lakeview Auto & Sons', email: 'leads@lakeview.test', phone: '5125550142' },
  provider: 'Showroom storefront',
};

describe('toAdfXml', () => {
  it('writes an ADF 1.0 prospect that parses back to the same facts', () => {
    const xml = toAdfXml(LEAD);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<?ADF VERSION="1.0"?>');
    type Node = { [key: string]: Node } & string;
    const prospect = (convert(xml, { format: 'object' }) as unknown as { adf: { prospect: Node } }).adf.prospect;
    expect(prospect['@status']).toBe('new');
    expect(prospect.id!['#']).toBe(LEAD.id);
    expect(prospect.requestdate).toBe('2026-11-25T12:00:00.000Z');
    expect(prospect.vehicle).toMatchObject({
      '@interest': 'buy',
      '@status': 'used',
      year: '2022',
      make: 'Toyota',
      model: 'Corolla',
      vin: LEAD.vin,
      trim: 'LE',
    });
    expect(prospect.vehicle!.price).toMatchObject({ '#': '28000.00', '@currency': 'USD' });
    expect(prospect.customer!.contact!.name).toEqual([
      { '@part': 'first', '#': "D'Arcy" },
      { '@part': 'last', '#': 'Smith-Jones' },
    ]);
    // The object form keeps entities as written; the DOM reads the text back as typed.
    expect(
      create(xml)
        .root()
        .find((node) => node.node.nodeName === 'comments', true, true)?.node.textContent,
    ).toBe('Trade <2015 Civic> & cash? "yes"');
    expect(
      create(xml)
        .root()
        .find((node) => node.node.nodeName === 'vendorname', true, true)?.node.textContent,
    ).toBe('Lakeview Auto & Sons');
    expect(prospect.provider!.service).toBe('Ask about this vehicle');
  });

  it('escapes markup in every text', () => {
    const xml = toAdfXml({ ...LEAD, comments: '</comments><evil/>' });
    expect(xml).not.toContain('<evil/>');
    expect(xml).toContain('&lt;/comments&gt;&lt;evil/&gt;');
  });

  it('gives a general question an empty vehicle (ADF 1.0: vehicle+) and leaves out the phone without consent', () => {
    const xml = toAdfXml({ ...LEAD, source: 'contactUs', vin: null, vehicle: null, phoneConsent: false });
    expect(xml).toMatch(/<vehicle interest="buy" status="used">\s*<year\/>\s*<make\/>\s*<model\/>\s*<\/vehicle>/);
    expect(xml).not.toContain('<vin>');
    expect(xml).not.toContain('<phone type="cellphone">');
  });
});

describe('the lead form rules', () => {
  const base = { firstName: 'Avery', lastName: 'Lane', email: 'avery@shop.test' };
  it('needs consent only when a phone is given (seed 002 §5)', () => {
    expect(leadFieldsSchema.safeParse(base).success).toBe(true);
    const result = leadFieldsSchema.safeParse({ ...base, phone: '(512) 555-0147' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['phoneConsent'],
      message: 'Your consent is required if phone number is provided',
    });
    expect(LEAD_MESSAGES.phoneConsent).toBe('Your consent is required if phone number is provided');
    expect(leadFieldsSchema.parse({ ...base, phone: '(512) 555-0147', phoneConsent: true }).phone).toBe('5125550147');
  });
  it('renders the same browser constraints before its schema loads as the schema gives', () => {
    expect(LEAD_CONSTRAINT).toEqual(getZodConstraint(leadFieldsSchema));
  });

  it('counts the characters remaining (seed 002 §5 "N characters remaining")', () => {
    expect(charactersRemaining('')).toBe(`${LEAD_COMMENTS_MAX} characters remaining`);
    expect(charactersRemaining('x'.repeat(LEAD_COMMENTS_MAX - 1))).toBe('1 character remaining');
    expect(leadFieldsSchema.safeParse({ ...base, comments: 'x'.repeat(LEAD_COMMENTS_MAX + 1) }).success).toBe(false);
  });
});
