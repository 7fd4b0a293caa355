import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { formatMiles, formatUsd } from '~/lib/shared/money';
import { prequalHrefFor } from '~/lib/prequal';
import { SOLD_MESSAGE } from '~/lib/search/actions';
import { getPriceNote, similarVehiclesHref, vehicleName, vehiclePath, type CardModel } from '~/lib/search/card-model';
import { TYPE_LABELS } from '~/lib/search/vehicle-labels';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { AVAILABILITY_TEXTS } from './availability';
import { ColourSwatch, colourName } from './colour-swatch';
import { CompareToggle } from './compare-toggle';
import { FavoriteButton } from './favorite-button';
import { vehicleCardAnchor } from './no-js-form';
import { PaymentBlock } from './payment-block';
import { VehicleImage } from './vehicle-image';

// The search results card, new design (seed 001 §2-4, §9). Its root carries data-vin and
// data-price (the price shown) so tools and tests can read a list of results.

export const PRICE_GUIDE_LABELS = { GOOD_PRICE: 'Good Price', GREAT_PRICE: 'Great Price' } as const;
export const SALE_PENDING_LABEL = 'Sale Pending';
export const SEE_SIMILAR_LABEL = 'See Similar Vehicles';
/** Cards are at least 260 px wide, one column on phones, up to five across at 1440 px. */
const CARD_IMAGE_SIZES = '(min-width: 1440px) 280px, (min-width: 1024px) 25vw, (min-width: 600px) 50vw, 100vw';

export type VehicleCardProps = {
  vehicle: CardModel;
  tenant: Pick<PublicTenant, 'dealerPhone'>;
  /** The shop flag 'price-guide-badge'. */
  showPriceGuide: boolean;
  /** The heart appears only when supplied (seed 001 §2). */
  favorite?: { saved: boolean };
  /** The Compare checkbox appears only when supplied. */
  compare?: { checked: boolean };
  /** h2 on a page whose list has no heading of its own, h3 under one. */
  headingLevel?: 2 | 3;
  /** The first cards of a page load their pictures at once. */
  eagerImage?: boolean;
  /** The page's first card: its picture is the likely LCP, fetched with high priority. */
  priorityImage?: boolean;
  /** Something the page adds under a card (the saved page's Remove for a sold vehicle). */
  after?: ReactNode;
};

function PriceGuideBadge({ guide }: { guide: NonNullable<CardModel['priceGuide']> }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-bold ${
        guide === 'GREAT_PRICE' ? 'bg-green-700 text-white' : 'bg-green-100 text-green-900'
      }`}
      data-testid="price-guide-badge"
      data-guide={guide}
    >
      {PRICE_GUIDE_LABELS[guide]}
    </span>
  );
}

export function VehicleCard({
  vehicle,
  tenant,
  showPriceGuide,
  favorite,
  compare,
  headingLevel = 3,
  eagerImage = false,
  priorityImage = false,
  after,
}: VehicleCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = vehicleName(vehicle);
  const sold = vehicle.status === 'Sold';
  const chip = sold ? null : vehicle.status === 'PendingSale' ? SALE_PENDING_LABEL : TYPE_LABELS[vehicle.type];
  const priceNote = getPriceNote(vehicle);
  const colours = colourName(vehicle.primaryColor, vehicle.secondaryColor);
  const hasFooter = !sold && (vehicle.distance !== null || favorite || compare);

  return (
    <article
      className="vehicle-card"
      id={vehicleCardAnchor(vehicle.vin)}
      data-testid="vehicle-card"
      data-vin={vehicle.vin}
      data-price={vehicle.price}
      data-status={vehicle.status}
    >
      {/* The whole card is the link (first, so it is the card's first stop for the keyboard);
          the Compare checkbox, the heart and the tooltips sit above it. */}
      <Link to={vehiclePath(vehicle.vin)} className="vehicle-card-link" data-testid="card-link" prefetch="intent">
        <span className="sr-only">Go to {name}</span>
      </Link>
      <VehicleImage
        src={vehicle.imageUrl}
        alt=""
        eager={eagerImage}
        priority={priorityImage}
        photo={vehicle.photo}
        sizes={CARD_IMAGE_SIZES}
        className={`rounded-t-tenant ${sold ? 'opacity-60 grayscale' : ''}`}
      >
        {chip ? (
          <span
            className={`vehicle-card-chip ${
              vehicle.status === 'PendingSale' ? 'bg-accent text-accent-contrast' : 'bg-surface text-ink'
            }`}
            data-testid="card-chip"
          >
            {chip}
          </span>
        ) : null}
      </VehicleImage>

      <div className="vehicle-card-body">
        <Heading className="text-base font-bold leading-snug">{name}</Heading>
        <p className="flex items-center gap-2 text-sm text-gray-700">
          <ColourSwatch primary={vehicle.primaryColor} secondary={vehicle.secondaryColor} />
          <span>
            {vehicle.trim}
            <span className="sr-only">, {colours}</span>
          </span>
        </p>
        {vehicle.type !== 'NEW' ? (
          <p className="text-sm text-gray-700" data-testid="card-mileage">
            {formatMiles(vehicle.mileage)}
          </p>
        ) : null}

        {sold ? (
          <div className="mt-2 space-y-2" data-testid="sold-message">
            <p className="font-semibold">{SOLD_MESSAGE}</p>
            <Link
              to={similarVehiclesHref(vehicle.vin)}
              className="relative z-10 inline-block font-semibold text-primary underline"
            >
              {SEE_SIMILAR_LABEL}
              <span className="sr-only"> to the {name}</span>
            </Link>
          </div>
        ) : (
          <>
            <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
              <p className="text-xl font-bold" data-testid="card-price">
                {formatUsd(vehicle.price * 100)}
              </p>
              {showPriceGuide && vehicle.priceGuide ? <PriceGuideBadge guide={vehicle.priceGuide} /> : null}
            </div>
            {priceNote ? (
              <p
                className={`text-sm ${priceNote.kind === 'incentives' ? 'font-semibold text-green-800' : 'text-gray-700'}`}
                data-testid={priceNote.kind === 'incentives' ? 'card-incentives' : 'card-msrp'}
              >
                {priceNote.text}
              </p>
            ) : null}
            {vehicle.status === 'PendingSale' ? (
              <p className="text-sm text-gray-700" data-testid="card-sale-pending">
                {AVAILABILITY_TEXTS.PendingSale.explanation}
              </p>
            ) : null}
            <div className="mt-auto pt-2">
              <PaymentBlock
                block={vehicle.payment}
                tenant={tenant}
                vehicleName={name}
                prequalHref={prequalHrefFor(vehicle.vin)}
                vin={vehicle.vin}
              />
            </div>
          </>
        )}
      </div>

      {hasFooter ? (
        <div className="vehicle-card-footer" data-testid="card-footer">
          <p className="mr-auto pl-1 text-sm text-gray-700" data-testid="card-distance">
            {vehicle.distance !== null ? `${formatMiles(vehicle.distance)} away` : null}
          </p>
          {compare ? (
            <CompareToggle
              vin={vehicle.vin}
              checked={compare.checked}
              vehicleName={name}
              anchor={vehicleCardAnchor(vehicle.vin)}
            />
          ) : null}
          {favorite ? (
            <FavoriteButton
              vin={vehicle.vin}
              saved={favorite.saved}
              vehicleName={name}
              anchor={vehicleCardAnchor(vehicle.vin)}
            />
          ) : null}
        </div>
      ) : null}

      {after}
    </article>
  );
}
