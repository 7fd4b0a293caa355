import { redirect, type LoaderFunctionArgs, type MetaDescriptor, type MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { pageMeta } from '~/lib/meta';
import { isRecord } from '~/lib/shared/guards';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { BODY_STYLES, vehicleArtPath, type BodyStyle } from '~/lib/shared/vehicle-art';
import { useRootData } from '~/root';
import { SearchBox } from '~/components/search/search-box';

export const handle = { pageType: 'landing' };

const BODY_LABELS: Record<BodyStyle, string> = {
  sedan: 'Sedans',
  suv: 'SUVs',
  truck: 'Trucks',
  coupe: 'Coupes',
  hatchback: 'Hatchbacks',
  minivan: 'Minivans',
  convertible: 'Convertibles',
  wagon: 'Wagons',
};

const POPULAR_MAKES = ['Toyota', 'Honda', 'Ford', 'Chevrolet', 'Hyundai', 'Subaru', 'BMW', 'Tesla'];

export async function loader({ request }: LoaderFunctionArgs) {
  // A tenant may replace its landing page with another route (seed 000 §2.4).
  const override = getTenantForRequest(request).redirects.landing;
  if (override && override !== '/') throw redirect(override);
  return null;
}

/** The hero picture is the page's largest paint: the browser asks for it with the HTML's head. */
function heroPreload(matches: readonly { id: string; data?: unknown }[]): MetaDescriptor[] {
  const root = matches.find((match) => match.id === 'root')?.data;
  const images = isRecord(root) ? root.images : undefined;
  const hero = isRecord(images) ? images.hero : undefined;
  return typeof hero === 'string' ? [{ tagName: 'link', rel: 'preload', as: 'image', href: hero }] : [];
}

export const meta: MetaFunction = (args) => pageMeta(args, 'landing', { extra: heroPreload(args.matches) });

export default function Landing() {
  const data = useRootData();
  if (!data) return null;
  const { tenant, images } = data;
  const texts = tenant.texts.landing;
  const fill = (text: string) => fillTenantText(text, tenant);
  return (
    <main>
      <section className="bg-primary text-primary-contrast">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 md:grid-cols-2 md:py-16">
          <div>
            <h1 className="text-3xl font-bold leading-tight md:text-5xl">{fill(texts.heroTitle)}</h1>
            <p className="mt-4 text-lg">{fill(texts.heroSubtitle)}</p>
            <SearchBox id="landing-search" tone="hero" className="mt-6 max-w-xl" />
          </div>
          {images.hero ? (
            <img src={images.hero} alt="" className="mx-auto w-full max-w-md" width={480} height={320} />
          ) : null}
        </div>
      </section>

      <section aria-labelledby="shop-by-body" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="shop-by-body" className="text-2xl font-bold">
          Shop by body style
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {BODY_STYLES.map((body) => (
            <li key={body}>
              <Link
                to={`/search?bodyStyle=${body}`}
                className="block rounded-tenant border border-gray-300 p-3 text-center hover:border-primary"
              >
                <img
                  // The backend's drawing, not one drawn here: cached, and no drawing code in the page.
                  src={vehicleArtPath(body, 'silver')}
                  loading="lazy"
                  alt=""
                  width={200}
                  height={100}
                  className="mx-auto w-full max-w-40"
                />
                <span className="mt-2 block font-semibold">{BODY_LABELS[body]}</span>
              </Link>
            </li>
          ))}
        </ul>
        <h2 className="mt-10 text-2xl font-bold">Shop by make</h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {POPULAR_MAKES.map((make) => (
            <li key={make}>
              <Link
                to={`/search?make=${encodeURIComponent(make)}`}
                className="inline-block rounded-full border border-gray-400 px-4 py-2 hover:border-primary"
              >
                {make}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="why-us" className="bg-gray-50">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="why-us" className="text-2xl font-bold">
            Why {tenant.brandName}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {texts.whyUs.map((point) => (
              <li key={point.title}>
                <h3 className="text-lg font-semibold">{fill(point.title)}</h3>
                <p className="mt-2">{fill(point.body)}</p>
              </li>
            ))}
          </ul>
          <p className="mt-6">
            <Link to="/why-us" className="font-semibold text-primary underline">
              More about {tenant.brandName}
            </Link>
          </p>
        </div>
      </section>

      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10 md:grid-cols-2">
        {[
          { teaser: texts.financingTeaser, to: '/financing', cta: 'Explore financing' },
          { teaser: texts.tradeInTeaser, to: '/trade-in', cta: 'Value your trade-in' },
        ].map(({ teaser, to, cta }) => (
          <article key={to} className="rounded-tenant border border-gray-300 p-6">
            <h2 className="text-xl font-bold">{fill(teaser.title)}</h2>
            <p className="mt-2">{fill(teaser.body)}</p>
            <Link
              to={to}
              className="mt-4 inline-block rounded-tenant bg-primary px-4 py-2 font-semibold text-primary-contrast"
            >
              {cta}
            </Link>
          </article>
        ))}
      </section>
    </main>
  );
}
