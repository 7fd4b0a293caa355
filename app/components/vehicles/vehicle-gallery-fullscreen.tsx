import { useEffect, useRef, type PointerEvent } from 'react';
import type { VehicleDetail } from '~/lib/contract/inventory';
import type { GalleryTexts } from './vehicle-gallery';

// The vehicle gallery's full-screen view (a modal dialog: the arrow keys, a swipe, Escape or the
// close button to leave). Its code is loaded when the shopper opens it (decision 103).

type Picture = VehicleDetail['gallery'][number];

export default function FullScreen({
  pictures,
  index,
  onMove,
  onClose,
  texts,
}: {
  pictures: readonly Picture[];
  texts: GalleryTexts;
  index: number;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const swipeFrom = useRef<number | null>(null);
  const picture = pictures[index]!;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const moved = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(moved) < 40) return;
    onMove(moved < 0 ? Math.min(index + 1, pictures.length - 1) : Math.max(index - 1, 0));
  };

  return (
    <dialog
      ref={dialogRef}
      className="m-0 size-full max-h-none max-w-none bg-black p-0 text-white backdrop:bg-black"
      aria-label={texts.position(index, pictures.length)}
      data-testid="gallery-fullscreen"
      // Escape closes a modal dialog by itself; keep the page's state in step.
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') onMove(Math.min(index + 1, pictures.length - 1));
        if (event.key === 'ArrowLeft') onMove(Math.max(index - 1, 0));
      }}
    >
      <div className="flex size-full flex-col">
        <div className="flex items-center justify-between gap-2 p-3">
          <p aria-live="polite" data-testid="gallery-fullscreen-position">
            {texts.position(index, pictures.length)}
          </p>
          <button
            type="button"
            onClick={onClose}
            className="rounded-tenant border border-white/60 px-3 py-2 font-semibold"
            autoFocus
          >
            {texts.close}
          </button>
        </div>
        <div
          className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
        >
          {picture.photo ? (
            <picture className="contents">
              <source type="image/avif" srcSet={picture.photo.avif} sizes="100vw" />
              <source type="image/webp" srcSet={picture.photo.webp} sizes="100vw" />
              <img
                src={picture.photo.full}
                alt={picture.alt}
                width={picture.photo.width}
                height={picture.photo.height}
                className="max-h-full max-w-full object-contain"
                draggable={false}
              />
            </picture>
          ) : (
            <img src={picture.url} alt={picture.alt} className="max-h-full w-full object-contain" draggable={false} />
          )}
        </div>
        <div className="flex justify-center gap-4 p-3">
          <button
            type="button"
            onClick={() => onMove(index - 1)}
            disabled={index === 0}
            className="rounded-tenant border border-white/60 px-4 py-2 font-semibold disabled:opacity-40"
          >
            {texts.previous}
          </button>
          <button
            type="button"
            onClick={() => onMove(index + 1)}
            disabled={index === pictures.length - 1}
            className="rounded-tenant border border-white/60 px-4 py-2 font-semibold disabled:opacity-40"
          >
            {texts.next}
          </button>
        </div>
      </div>
    </dialog>
  );
}
