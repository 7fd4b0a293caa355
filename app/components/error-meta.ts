import type { MetaDescriptor } from '@remix-run/node';
import { buildPageMeta } from '~/lib/meta';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { errorStatus } from './error-status';
import { FALLBACK_ERROR_TEXTS, clientErrorTexts } from './error-texts';

/**
 * Title and description of an error page. The not-found page has its own page meta in the
 * tenant's texts (texts.meta.notFound); the others are titled after their heading.
 * Error pages are never indexed.
 */
export function errorPageMeta(tenant: PublicTenant | null | undefined, error: unknown): MetaDescriptor[] {
  const robots = { name: 'robots', content: 'noindex' };
  const status = errorStatus(error);
  if (!tenant) {
    const texts =
      status === 404
        ? FALLBACK_ERROR_TEXTS.notFound
        : status === 429
          ? FALLBACK_ERROR_TEXTS.tooManyRequests
          : FALLBACK_ERROR_TEXTS.serverError;
    return [{ title: texts.title }, robots];
  }
  if (status === 404) return buildPageMeta({ pageType: 'notFound', tenant });
  const texts = status >= 500 ? tenant.texts.errors.serverError : tenant.texts.errors[clientErrorTexts(status)];
  return [
    { title: `${fillTenantText(texts.title, tenant)} | ${tenant.brandName}` },
    { name: 'description', content: fillTenantText(texts.subtitle, tenant) },
    robots,
  ];
}
