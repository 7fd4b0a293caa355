import { parseWithZod } from '@conform-to/zod/v4';
import type { ShopperSession } from '~/lib/session.server';
import type { PricingPlace } from '~/lib/shared/pricing/state-fees';
import { zipFormSchema } from './zip';
import { ZIP_MESSAGES } from './zip-rules';

// The server's half of the zip schema: a zip must also name a place, or distances cannot be
// measured from it (seed 002 §8, "Geocode"). The zip table is large, so it loads on first use.

type ZipTable = { lookup(zip: string): { country: string; state: string } | undefined };

let table: Promise<ZipTable> | undefined;

function loadTable(): Promise<ZipTable> {
  table ??= import('zipcodes').then((module) => module.default ?? module);
  return table;
}

export async function isKnownZip(zip: string): Promise<boolean> {
  const place = (await loadTable()).lookup(zip);
  return place !== undefined && place.country === 'US';
}

/**
 * The shopper's place for pricing (taxes and fees follow the state of their zip, as the cart
 * prices them); both null when the shopper has not given a zip or it names no US place.
 */
export async function getPricingPlace(zip: string | null | undefined): Promise<PricingPlace> {
  const place = zip ? (await loadTable()).lookup(zip) : undefined;
  return place && place.country === 'US' ? { state: place.state, zip: zip ?? null } : { state: null, zip: null };
}

/**
 * The place every card, the vehicle page and the cart price at: the zip the shopper gave (the
 * session's, not the dealer's fallback that only measures distances; decisions 090, 105).
 */
export function getShopperPricingPlace(session: Pick<ShopperSession, 'get'>): Promise<PricingPlace> {
  return getPricingPlace(session.get('zip'));
}

export const serverZipFormSchema = zipFormSchema.superRefine(async ({ zip }, ctx) => {
  // Only a well-formed zip is looked up; a malformed one already has its message.
  if (typeof zip !== 'string' || !/^\d{5}$/.test(zip)) return;
  if (!(await isKnownZip(zip))) ctx.addIssue({ code: 'custom', path: ['zip'], message: ZIP_MESSAGES.unknown });
});

/**
 * The zip editor's post, with or without JavaScript (routes `/zip` and `/resources/zip`): a zip
 * that names a place becomes the shopper's zip in the session; otherwise the message to show
 * beside the field. The conform submission is returned for the reply a fetcher reads.
 */
export async function saveZipFromForm(form: FormData, session: Pick<ShopperSession, 'set'>) {
  const submission = await parseWithZod(form, { schema: serverZipFormSchema, async: true });
  if (submission.status !== 'success') {
    return { submission, zip: null, error: submission.error?.zip?.[0] ?? ZIP_MESSAGES.format };
  }
  session.set('zip', submission.value.zip);
  return { submission, zip: submission.value.zip, error: null };
}
