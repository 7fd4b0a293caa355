import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRecord } from '~/lib/shared/guards';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { StepHeading } from '~/components/checkout/credit-application/step-heading';
import { APPLICATION_STEP_LABELS, applicationStepPath } from '~/lib/checkout/credit-application-steps';
import { checkoutMeta } from '~/lib/checkout/meta';
import type { CreditApplicationStep } from '~/lib/contract/checkout';
// From the zod-free modules: the review page's JavaScript needs no schema.
import { US_STATES } from '~/lib/shared/validation/address-rules';
import { formatPhoneInput } from '~/lib/shared/validation/masks';
import { loadApplicationStep } from './credit-application.server';
import { primaryButton, secondaryButton, textLink } from '~/components/ui/button';

// Review (seed 002 §2): every answer with a link to change it. The SSN and the date of birth
// are never sent to the storefront: the review says they are on file.

export function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  return loadApplicationStep(request, loadContext, 'review');
}

type Answers = Record<string, unknown>;

function str(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return null;
}

function money(value: unknown): string | null {
  return typeof value === 'number' ? `$${value.toLocaleString('en-US')}` : null;
}

function fullName(answers: Answers): string | null {
  return [answers.firstName, answers.middleName, answers.lastName].map(str).filter(Boolean).join(' ') || null;
}

function addressLines(address: unknown): string | null {
  if (!isRecord(address)) return null;
  const a = address;
  const unit = [str(a.unitType), str(a.addressLine2)].filter(Boolean).join(' ');
  const state = str(a.state);
  const stateName = state && state in US_STATES ? state : state;
  return [
    [str(a.addressLine1), unit].filter(Boolean).join(', '),
    [str(a.city), [stateName, str(a.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    str(a.county) ? `${str(a.county)} County` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function onFile(flag: unknown, absent = 'Not given'): string {
  return flag ? 'On file' : absent;
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,12rem)_1fr] gap-2 py-1">
      <dt className="font-medium">{label}</dt>
      <dd>{value ?? '—'}</dd>
    </div>
  );
}

function Block({ step, title, children }: { step: CreditApplicationStep; title?: string; children: ReactNode }) {
  const heading = title ?? APPLICATION_STEP_LABELS[step];
  return (
    <section aria-label={heading} className="rounded-tenant border border-gray-300 p-4" data-testid={`review-${step}`}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">{heading}</h3>
        <Link
          to={`${applicationStepPath(step)}?from=review`}
          className={textLink}
          aria-label={`Edit ${heading.toLowerCase()}`}
        >
          Edit
        </Link>
      </div>
      <dl className="mt-2 text-sm">{children}</dl>
    </section>
  );
}

function ApplicantRows({ answers }: { answers: Answers }) {
  return (
    <>
      <Row label="Legal name" value={fullName(answers)} />
      <Row label="Marital status" value={str(answers.maritalStatus)} />
      <Row label="Email" value={str(answers.email)} />
      <Row label="Phone number" value={str(answers.phone) ? formatPhoneInput(String(answers.phone)) : null} />
      <Row label="SSN or ITIN" value={onFile(answers.hasSsn)} />
      <Row label="Date of birth" value={onFile(answers.hasDateOfBirth)} />
    </>
  );
}

export default function ReviewStep() {
  const page = useLoaderData<typeof loader>();
  const all: Record<string, Answers | undefined> = page.allAnswers;
  const personal = all.personal ?? {};
  const coBuyer = isRecord(personal.coBuyer) ? personal.coBuyer : null;
  const spouse = all.spouse ?? null;
  const employment = all.employment ?? {};
  const housing = all.housing ?? {};
  const previousAddresses: unknown[] = Array.isArray(housing.previousAddresses) ? housing.previousAddresses : [];
  const previous = page.steps[page.steps.indexOf('review') - 1];
  return (
    <div className="flex flex-col gap-4">
      <StepHeading page={page} intro="Check your answers before you read and agree to the terms." />
      <Block step="personal" title="Personal information">
        <ApplicantRows answers={personal} />
        <Row label="Home address" value={addressLines(personal.address)} />
      </Block>
      {personal.hasCoBuyer && coBuyer ? (
        <Block step="personal" title="Co-buyer">
          <ApplicantRows answers={coBuyer} />
          <Row
            label="Home address"
            value={coBuyer.sameAddressAsBuyer ? 'Same as the buyer' : addressLines(coBuyer.address)}
          />
        </Block>
      ) : null}
      {page.steps.includes('spouse') && spouse ? (
        <Block step="spouse">
          <Row label="Spouse's legal name" value={fullName(spouse)} />
          <Row
            label="Spouse's address"
            value={spouse.sameAddressAsApplicant ? 'Same as yours' : addressLines(spouse.address)}
          />
        </Block>
      ) : null}
      <Block step="employment">
        <Row label="Employment status" value={str(employment.employmentStatus)} />
        {str(employment.employerName) ? (
          <>
            <Row label="Occupation" value={str(employment.occupation)} />
            <Row label="Employer name" value={str(employment.employerName)} />
            <Row label="Start date" value={str(employment.employmentStartDate)} />
            <Row
              label="Work phone"
              value={str(employment.workPhone) ? formatPhoneInput(String(employment.workPhone)) : null}
            />
          </>
        ) : null}
        <Row label="Gross annual income" value={money(employment.annualIncome)} />
        <Row label="Income source" value={str(employment.incomeSource)} />
        {money(employment.additionalMonthlyIncome) ? (
          <Row
            label="Additional monthly income"
            value={`${money(employment.additionalMonthlyIncome)} (${str(employment.additionalIncomeSource) ?? ''})`}
          />
        ) : null}
        {str(employment.previousEmployerName) ? (
          <Row
            label="Previous employer"
            value={`${str(employment.previousEmployerName)}, ${str(employment.previousOccupation) ?? ''}, from ${str(employment.previousEmploymentStartDate) ?? ''}`}
          />
        ) : null}
      </Block>
      <Block step="housing">
        <Row label="Own or rent" value={str(housing.housingStatus)} />
        <Row label="Monthly housing expense" value={money(housing.monthlyHousingExpense)} />
        <Row label="Moved in" value={str(housing.residenceStartDate)} />
        {previousAddresses.map((address, index) => (
          <Row
            key={index}
            label={`Previous address ${index + 1}`}
            value={`${addressLines(address) ?? ''}, moved in ${(isRecord(address) ? str(address.residenceStartDate) : null) ?? ''}`}
          />
        ))}
      </Block>
      <div className="flex flex-wrap gap-3">
        <Link to={applicationStepPath('terms')} className={primaryButton}>
          Continue
        </Link>
        {previous ? (
          <Link to={applicationStepPath(previous)} className={secondaryButton}>
            Back
          </Link>
        ) : null}
      </div>
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Review | Credit Application');
