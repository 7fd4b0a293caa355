import { create } from 'xmlbuilder2';
import type { LeadSource } from '../../app/lib/shared/validation/lead-rules';

// ADF/XML 1.0 (Auto-lead Data Format), the lead format dealer CRMs import: one <prospect> with
// the vehicle asked about, the customer's contact and comments, the dealer (vendor) and us
// (provider). xmlbuilder2 escapes every text and attribute, so a shopper's "<" or "&" stays text.

export type AdfVehicle = {
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  condition: 'new' | 'used';
  priceCents: number;
};

export type AdfLead = {
  id: string;
  createdAt: Date;
  source: LeadSource;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  phoneConsent: boolean;
  comments: string | null;
  vin: string | null;
  vehicle: AdfVehicle | null;
  dealer: { name: string; email: string; phone: string };
  provider: string;
};

const SERVICE: Record<LeadSource, string> = {
  contactUs: 'Contact us form',
  vehicle: 'Ask about this vehicle',
  paymentTooltip: 'Payment question (not qualified)',
};

export function toAdfXml(lead: AdfLead): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ins('ADF', 'VERSION="1.0"');
  const prospect = doc.ele('adf').ele('prospect', { status: 'new' });
  prospect.ele('id', { sequence: '1', source: lead.provider }).txt(lead.id);
  prospect.ele('requestdate').txt(lead.createdAt.toISOString());
  // ADF 1.0 asks for at least one vehicle with its year, make and model (prospect: vehicle+;
  // vehicle: year, make, model first). A general question (/contact-us) or a VIN we no longer
  // list names none: the elements are there, empty, and the VIN when there is one.
  const vehicle = prospect.ele('vehicle', { interest: 'buy', status: lead.vehicle?.condition ?? 'used' });
  vehicle.ele('year').txt(lead.vehicle ? String(lead.vehicle.year) : '');
  vehicle.ele('make').txt(lead.vehicle?.make ?? '');
  vehicle.ele('model').txt(lead.vehicle?.model ?? '');
  const vin = lead.vehicle?.vin ?? lead.vin;
  if (vin) vehicle.ele('vin').txt(vin);
  if (lead.vehicle?.trim) vehicle.ele('trim').txt(lead.vehicle.trim);
  if (lead.vehicle)
    vehicle.ele('price', { type: 'asking', currency: 'USD' }).txt((lead.vehicle.priceCents / 100).toFixed(2));
  const customer = prospect.ele('customer');
  const contact = customer.ele('contact');
  contact.ele('name', { part: 'first' }).txt(lead.firstName);
  contact.ele('name', { part: 'last' }).txt(lead.lastName);
  contact.ele('email').txt(lead.email);
  // The shopper agreed to be called or texted on this number (seed 002 §5); without consent no phone is sent.
  if (lead.phone && lead.phoneConsent) contact.ele('phone', { type: 'cellphone' }).txt(lead.phone);
  if (lead.comments) customer.ele('comments').txt(lead.comments);
  const vendor = prospect.ele('vendor');
  vendor.ele('vendorname').txt(lead.dealer.name);
  const vendorContact = vendor.ele('contact');
  vendorContact.ele('name', { part: 'full' }).txt(lead.dealer.name);
  vendorContact.ele('email').txt(lead.dealer.email);
  vendorContact.ele('phone').txt(lead.dealer.phone);
  const provider = prospect.ele('provider');
  provider.ele('name', { part: 'full' }).txt(lead.provider);
  provider.ele('service').txt(SERVICE[lead.source]);
  return doc.end({ prettyPrint: true });
}
