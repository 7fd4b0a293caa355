import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { EventPixel } from '~/lib/analytics/page-view-pixel';
import type { ShellData } from '~/lib/shell.server';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { NotFoundIllustration, ServerErrorIllustration } from './error-illustrations';
import { FALLBACK_ERROR_TEXTS, clientErrorTexts, type ErrorTexts } from './error-texts';

const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-tenant bg-primary px-6 py-3 font-semibold text-primary-contrast hover:opacity-90';

export type ErrorPageProps = {
  title: string;
  subtitle?: string;
  subText?: string;
  /** Shows the home button; it goes to / unless onHomeClick is given. */
  showHomeButton?: boolean;
  homeButtonLabel?: string;
  onHomeClick?: () => void;
  /** When given, an `errorpage` analytics event carrying it is sent once. */
  trackingId?: string;
  children?: ReactNode;
};

/** The generic error page of seed 000 §2.4: title, optional subtitle, sub text and home button. */
export function ErrorPage({
  title,
  subtitle,
  subText,
  showHomeButton = false,
  homeButtonLabel = 'Go to Homepage',
  onHomeClick,
  trackingId,
  children,
}: ErrorPageProps) {
  return (
    <main
      className="mx-auto flex w-full max-w-3xl flex-col items-center gap-4 px-4 py-16 text-center"
      data-testid="error-page"
    >
      {/* Rendered, not sent from an effect, so it counts without JavaScript too. */}
      {trackingId ? <EventPixel name="errorpage" properties={{ trackingId }} /> : null}
      <h1 className="text-3xl font-bold">{title}</h1>
      {subtitle ? <p className="text-lg">{subtitle}</p> : null}
      {subText ? <p className="text-sm opacity-80">{subText}</p> : null}
      {children}
      {showHomeButton ? (
        onHomeClick ? (
          <button type="button" onClick={onHomeClick} className={`${buttonClass} mt-4 cursor-pointer`}>
            {homeButtonLabel}
          </button>
        ) : (
          <Link to="/" className={`${buttonClass} mt-4`}>
            {homeButtonLabel}
          </Link>
        )
      ) : null}
    </main>
  );
}

type StatusPageProps = {
  code: 404 | 500;
  texts: ErrorTexts;
  /** The tenant's own picture, when it configured one. */
  imageUrl?: string;
  illustration: ReactNode;
};

/**
 * The 404 and 500 pages (seed 000 §2.4 and §9): the code, a title, a subtitle, a call to
 * action home and a picture at most 390 px wide, beside the text from 768 px up.
 */
function StatusPage({ code, texts, imageUrl, illustration }: StatusPageProps) {
  return (
    <main
      className="mx-auto flex w-full max-w-5xl flex-col items-center gap-8 px-4 py-12 text-center min-[768px]:flex-row min-[768px]:justify-center min-[768px]:gap-12 min-[768px]:py-20 min-[768px]:text-left"
      data-testid={code === 404 ? 'not-found-page' : 'server-error-page'}
    >
      <div className="w-full max-w-[390px] shrink-0">
        {imageUrl ? (
          <img
            src={imageUrl}
            alt=""
            className="h-auto w-full"
            data-testid="error-illustration"
            data-illustration="tenant"
          />
        ) : (
          illustration
        )}
      </div>
      <div className="flex max-w-md flex-col items-center gap-4 min-[768px]:items-start">
        <p className="text-6xl font-extrabold tracking-tight text-primary" data-testid="error-code">
          <span className="sr-only">Error </span>
          {code}
        </p>
        <h1 className="text-3xl font-bold">{texts.title}</h1>
        <p className="text-lg">{texts.subtitle}</p>
        <Link to="/" className={`${buttonClass} mt-2`}>
          {texts.callToAction}
        </Link>
      </div>
    </main>
  );
}

type TenantPageProps = { data: Pick<ShellData, 'tenant' | 'images'> | null };

function fillTexts(texts: ErrorTexts, tenant: PublicTenant | undefined): ErrorTexts {
  if (!tenant) return texts;
  return {
    title: fillTenantText(texts.title, tenant),
    subtitle: fillTenantText(texts.subtitle, tenant),
    callToAction: fillTenantText(texts.callToAction, tenant),
  };
}

export function NotFoundPage({ data }: TenantPageProps) {
  const texts = fillTexts(data?.tenant.texts.errors.notFound ?? FALLBACK_ERROR_TEXTS.notFound, data?.tenant);
  return (
    // Its page view is the root's <PageViewPixel />, named after the catch-all's handle.pageType.
    <StatusPage code={404} texts={texts} imageUrl={data?.images.notFound} illustration={<NotFoundIllustration />} />
  );
}

export function ServerErrorPage({ data }: TenantPageProps) {
  const texts = fillTexts(data?.tenant.texts.errors.serverError ?? FALLBACK_ERROR_TEXTS.serverError, data?.tenant);
  return (
    <StatusPage
      code={500}
      texts={texts}
      imageUrl={data?.images.serverError}
      illustration={<ServerErrorIllustration />}
    />
  );
}

/**
 * For statuses other than 404 and 5xx: the tenant's generic error texts (its "too many requests"
 * ones for a 429), and the `errorpage` event of seed 000 §2.4 with its tracking id (the thrown
 * answer's `trackingId`, else `http-<status>`).
 */
export function GenericErrorPage({
  data,
  status,
  trackingId,
}: TenantPageProps & { status: number; trackingId?: string }) {
  const which = clientErrorTexts(status);
  const texts = fillTexts(data?.tenant.texts.errors[which] ?? FALLBACK_ERROR_TEXTS[which], data?.tenant);
  return (
    <ErrorPage
      title={texts.title}
      subtitle={texts.subtitle}
      showHomeButton
      homeButtonLabel={texts.callToAction}
      trackingId={trackingId}
    />
  );
}
