import type { VehicleDetail } from '~/lib/contract/inventory';
import { VehicleImage } from './vehicle-image';

// The vehicle page's pictures (the API's gallery). They sit side by side in a row that scrolls
// and snaps, with numbered links to each, so the gallery needs no JavaScript.

export function VehicleGallery({ pictures }: { pictures: VehicleDetail['gallery'] }) {
  return (
    <section aria-label="Photos" data-testid="vehicle-gallery">
      <ul className="flex snap-x snap-mandatory overflow-x-auto rounded-tenant">
        {pictures.map((picture, index) => (
          <li key={picture.url + index} id={`photo-${index + 1}`} className="w-full shrink-0 snap-start">
            <VehicleImage src={picture.url} alt={picture.alt} eager={index === 0} />
          </li>
        ))}
      </ul>
      {pictures.length > 1 ? (
        <nav aria-label="Photo list" className="mt-2">
          <ul className="flex flex-wrap gap-2">
            {pictures.map((picture, index) => (
              <li key={picture.url + index}>
                <a
                  href={`#photo-${index + 1}`}
                  className="block rounded-tenant border border-gray-400 px-3 py-1 text-sm font-semibold"
                >
                  Photo {index + 1}
                  <span className="sr-only"> of {pictures.length}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
