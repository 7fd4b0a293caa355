import type { MetaDescriptor } from '@remix-run/node';
import type { ReactNode } from 'react';
import { NavLink, useLoaderData } from '@remix-run/react';
import { INFO_PAGES, linkifyText, sectionId } from '~/lib/info-pages';
import { pageMeta, type MetaMatchLike } from '~/lib/meta';
import type { CopyPageData } from '~/lib/copy-page.server';
import type { CopyPage as CopyPageKey } from '~/lib/shared/tenant/schema';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { useRootData } from '~/root';

// A copy page of seed 000 §2.4, drawn from the tenant's texts (texts.pages.<key>, sent by the
// page's own loader: copyPageLoader or copyPageData, app/lib/copy-page.server.ts): a heading,
// an intro and sections of paragraphs, with {tenantName}, {legalName} and {phone} filled in.
// Each URL has its own small route module (app/routes/faq.tsx …) naming its page type, so page
// views and meta tags say which page it is; they all render this.

function Paragraph({ text, countryCode }: { text: string; countryCode: string }) {
  return (
    <p className="mt-3 leading-relaxed">
      {linkifyText(text, countryCode).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <a key={index} href={part.href} className="font-semibold text-primary underline">
            {part.text}
          </a>
        ),
      )}
    </p>
  );
}

/** `children`: a page's own block after the intro (the financing page's pre-qualification call to action, the trade-in flow). */
export function CopyPage({ page, children }: { page: CopyPageKey; children?: ReactNode }) {
  const root = useRootData();
  const { copy } = useLoaderData<CopyPageData>();
  if (!root) return null;
  const { tenant } = root;
  const fill = (text: string) => fillTenantText(text, tenant);
  const countryCode = tenant.dealerPhone.countryCode;
  return (
    <main
      className="mx-auto grid w-full max-w-6xl flex-1 gap-10 px-4 py-10 md:grid-cols-[minmax(0,1fr)_220px]"
      data-testid="copy-page"
      data-page={page}
    >
      <article className="min-w-0">
        <h1 className="text-3xl font-bold md:text-4xl">{fill(copy.heading)}</h1>
        <p className="mt-4 text-lg">{fill(copy.intro)}</p>
        {children}
        {copy.sections.map((section) => {
          const heading = fill(section.heading);
          return (
            <section
              key={section.heading}
              id={sectionId(heading)}
              aria-labelledby={`${sectionId(heading)}-heading`}
              className="mt-8 scroll-mt-4"
            >
              <h2 id={`${sectionId(heading)}-heading`} className="text-xl font-bold">
                {heading}
              </h2>
              {section.paragraphs.map((paragraph, index) => (
                <Paragraph key={index} text={fill(paragraph)} countryCode={countryCode} />
              ))}
            </section>
          );
        })}
      </article>
      <nav aria-label="More information" className="text-sm">
        <h2 className="font-bold">More information</h2>
        <ul className="mt-2 space-y-1">
          {INFO_PAGES.map((item) => (
            <li key={item.key}>
              <NavLink
                to={item.path}
                className="block rounded-tenant px-2 py-1 hover:bg-black/5 aria-[current=page]:font-bold aria-[current=page]:text-primary"
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}

export function copyPageMeta(
  args: { matches: readonly MetaMatchLike[]; location: { pathname: string } },
  page: CopyPageKey,
): MetaDescriptor[] {
  return pageMeta(args, page);
}
