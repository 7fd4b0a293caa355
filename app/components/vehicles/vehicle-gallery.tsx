import { Suspense, lazy, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { VehicleDetail } from '~/lib/contract/inventory';
import { VehicleImage } from './vehicle-image';

// The vehicle page's pictures (the API's gallery: the dealer's stored photos, else the drawn
// art), with a photo count. Without JavaScript they sit side by side in a row that scrolls and
// snaps (a swipe on a phone), with a list of numbered links to each and a link to each photo
// at full size. With JavaScript the row gains previous/next buttons, the arrow keys, Home and
// End, a "Photo 2 of 5" counter, and a full-screen view (./vehicle-gallery-fullscreen, loaded
// when it is opened). A vehicle without photos shows its drawn views,
// and the texts call them drawings, never photos (issue 16).

type GalleryKind = 'photo' | 'drawing';

function galleryTexts(noun: string, plural: string) {
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  return {
    previous: `Previous ${noun}`,
    next: `Next ${noun}`,
    fullScreen: 'View full screen',
    close: 'Close full screen',
    list: `${title} list`,
    section: plural.charAt(0).toUpperCase() + plural.slice(1),
    count: (count: number) => (count === 1 ? `1 ${noun}` : `${count} ${plural}`),
    position: (index: number, count: number) => `${title} ${index + 1} of ${count}`,
    link: (index: number) => `${title} ${index + 1}`,
  };
}

export const GALLERY_TEXTS: Record<GalleryKind, ReturnType<typeof galleryTexts>> = {
  photo: galleryTexts('photo', 'photos'),
  drawing: galleryTexts('drawing', 'drawings'),
};

/** The gallery fills the page's left column from laptop width (3/5 of at most 1440 px), the screen below. */
const GALLERY_SIZES = '(min-width: 1024px) min(60vw, 840px), 100vw';

/**
 * The controls that need JavaScript show once the page has (the gallery's own code comes on the
 * shopper's intent, and a press made before it is held and made again: decision 062); the count
 * shows without JavaScript only.
 */
const JS_ONLY = '[html:not([data-hydrated])_&]:hidden';
const NO_JS_ONLY = '[html[data-hydrated]_&]:hidden';

type Picture = VehicleDetail['gallery'][number];

/** Whether the row shows the picture at `index` (within 2% of a picture: widths can be fractional). */
function isAt(row: HTMLElement, index: number): boolean {
  return row.clientWidth > 0 && Math.abs(row.scrollLeft / row.clientWidth - index) < 0.02;
}
export type GalleryTexts = (typeof GALLERY_TEXTS)[GalleryKind];

/**
 * The full-screen view's code comes when the shopper opens it (decision 103): without
 * JavaScript each photo is a link to its full size instead.
 */
const FullScreen = lazy(() => import('./vehicle-gallery-fullscreen'));

/** The API's gallery is the dealer's stored photos, or else only drawn views. */
function galleryKind(pictures: readonly Picture[]): GalleryKind {
  return pictures.some((picture) => picture.photo) ? 'photo' : 'drawing';
}

export function VehicleGallery({ pictures }: { pictures: VehicleDetail['gallery'] }) {
  const rowRef = useRef<HTMLUListElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [current, setCurrent] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const count = pictures.length;
  const texts = GALLERY_TEXTS[galleryKind(pictures)];
  // An island on intent (decision 062): the server's markup already shows the controls (they
  // hide without JavaScript), and the row may have been scrolled (a swipe, a numbered link, the
  // arrow keys in the focused row) before the code came: the counter starts from the photo in view.
  useEffect(() => {
    setHydrated(true);
    const row = rowRef.current;
    if (row && row.clientWidth > 0) {
      setCurrent(Math.max(0, Math.min(count - 1, Math.round(row.scrollLeft / row.clientWidth))));
    }
  }, [count]);

  // The photo the row is scrolling to for a button, a key or a link: on the way (a smooth scroll
  // passes the photos between) the counter stays on it, and the next press goes from it. A
  // shopper's own swipe or wheel takes the row back; its end (or the target reached) lets the
  // counter follow the row again.
  const scrollingTo = useRef<number | null>(null);

  const show = useCallback(
    (index: number, behavior: ScrollBehavior = 'smooth') => {
      const next = Math.max(0, Math.min(count - 1, index));
      setCurrent(next);
      const row = rowRef.current;
      if (!row) return;
      scrollingTo.current = isAt(row, next) ? null : next;
      row.scrollTo({ left: next * row.clientWidth, behavior });
    },
    [count],
  );

  const followRow = useCallback(() => {
    const row = rowRef.current;
    if (!row || row.clientWidth === 0) return;
    setCurrent(Math.max(0, Math.min(count - 1, Math.round(row.scrollLeft / row.clientWidth))));
  }, [count]);

  // A swipe or a numbered link scrolls the row; the counter follows the photo in view.
  const onScroll = () => {
    const row = rowRef.current;
    const target = scrollingTo.current;
    if (row && target !== null) {
      if (!isAt(row, target)) return;
      scrollingTo.current = null;
    }
    followRow();
  };
  const onShopperScroll = () => {
    scrollingTo.current = null;
  };
  useEffect(() => {
    const row = rowRef.current;
    if (!row || !hydrated) return;
    // Where the browser tells when a scroll ends, the row's resting place has the last word: a
    // row that stopped short of its photo (resized on the way) must not keep the counter there.
    // One still moving (a press made on the way turned it) has another end to come.
    let frame = 0;
    const onScrollEnd = () => {
      const left = row.scrollLeft;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          if (row.scrollLeft !== left) return;
          scrollingTo.current = null;
          followRow();
        });
      });
    };
    row.addEventListener('scrollend', onScrollEnd);
    return () => {
      cancelAnimationFrame(frame);
      row.removeEventListener('scrollend', onScrollEnd);
    };
  }, [hydrated, followRow]);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: count - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target);
  };

  return (
    <section aria-label={texts.section} data-testid="vehicle-gallery" data-count={count}>
      <div className="relative">
        <ul
          ref={rowRef}
          className="flex snap-x snap-mandatory overflow-x-auto rounded-tenant focus-visible:outline-offset-2"
          onScroll={hydrated ? onScroll : undefined}
          onPointerDown={hydrated ? onShopperScroll : undefined}
          onWheel={hydrated ? onShopperScroll : undefined}
          onKeyDown={hydrated && count > 1 ? onKeyDown : undefined}
          // The row is one stop for the keyboard: the arrow keys move in it (without JavaScript
          // they scroll it, and it snaps to the next picture).
          tabIndex={count > 1 ? 0 : undefined}
          aria-label={hydrated && count > 1 ? texts.position(current, count) : undefined}
          data-testid="gallery-row"
        >
          {pictures.map((picture, index) => (
            <li
              key={picture.url + index}
              id={`photo-${index + 1}`}
              className="w-full shrink-0 snap-start"
              aria-hidden={hydrated && count > 1 && index !== current ? true : undefined}
            >
              {/* Without JavaScript a photo opens at full size; with it, the full-screen view does. */}
              {picture.photo && !hydrated ? (
                // With JavaScript the photo is no link, before its code has come too.
                <a href={picture.photo.full} className="block [html[data-hydrated]_&]:pointer-events-none">
                  <VehicleImage
                    src={picture.url}
                    alt={picture.alt}
                    photo={picture.photo}
                    sizes={GALLERY_SIZES}
                    eager={index === 0}
                    priority={index === 0}
                  />
                </a>
              ) : (
                <VehicleImage
                  src={picture.url}
                  alt={picture.alt}
                  photo={picture.photo}
                  sizes={GALLERY_SIZES}
                  eager={index === 0}
                  priority={index === 0}
                />
              )}
            </li>
          ))}
        </ul>
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => show(current - 1)}
              disabled={current === 0}
              className={`absolute left-2 top-1/2 z-10 -translate-y-1/2 rounded-full bg-surface/90 px-3 py-2 font-bold shadow disabled:opacity-40 ${JS_ONLY}`}
              aria-label={texts.previous}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              onClick={() => show(current + 1)}
              disabled={current === count - 1}
              className={`absolute right-2 top-1/2 z-10 -translate-y-1/2 rounded-full bg-surface/90 px-3 py-2 font-bold shadow disabled:opacity-40 ${JS_ONLY}`}
              aria-label={texts.next}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm font-semibold text-gray-700">
          {count > 1 ? (
            <span aria-live="polite" data-testid="gallery-position" className={JS_ONLY}>
              {texts.position(current, count)}
            </span>
          ) : null}
          <span data-testid="gallery-count" className={count > 1 ? NO_JS_ONLY : undefined}>
            {texts.count(count)}
          </span>
        </p>
        <button
          type="button"
          onClick={() => setFullScreen(true)}
          className={`text-sm font-semibold text-primary underline ${JS_ONLY}`}
          data-testid="gallery-fullscreen-open"
        >
          {texts.fullScreen}
        </button>
      </div>
      {count > 1 ? (
        <nav aria-label={texts.list} className="mt-2" data-testid="gallery-links">
          <ul className="flex flex-wrap gap-2">
            {pictures.map((picture, index) => (
              <li key={picture.url + index}>
                <a
                  href={`#photo-${index + 1}`}
                  className={`block rounded-tenant border px-3 py-1 text-sm font-semibold ${
                    hydrated && index === current
                      ? 'border-primary bg-primary text-primary-contrast'
                      : 'border-gray-400'
                  }`}
                  aria-current={hydrated && index === current ? 'true' : undefined}
                  onClick={
                    hydrated
                      ? (event) => {
                          event.preventDefault();
                          show(index);
                        }
                      : undefined
                  }
                >
                  {texts.link(index)}
                  <span className="sr-only"> of {count}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {fullScreen ? (
        <Suspense fallback={null}>
          <FullScreen
            pictures={pictures}
            texts={texts}
            index={current}
            onMove={(index) => show(index, 'instant')}
            onClose={() => {
              setFullScreen(false);
              rowRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
