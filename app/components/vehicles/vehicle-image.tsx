import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { VehiclePhoto } from '~/lib/contract/inventory';
import { PlaceholderArt } from './card-sprite';

// A vehicle picture that never shows a broken image (seed 001 §2, §8: a picture that fails to
// load is replaced by a placeholder picture with text).
//
// The placeholder is always drawn under the picture. With JavaScript a failed picture is taken
// away, uncovering it (and the failure is noticed even when it happened before React
// hydrated). Without JavaScript a failed picture with an empty alt draws nothing, so the
// placeholder shows through as well.

export const IMAGE_PLACEHOLDER_TEXT = 'Photo coming soon';

/** Seed 001 §9: the default image ratio, 75.2% (height over width). */
const IMAGE_RATIO = '1000 / 752';

type VehicleImageProps = {
  src: string;
  /** Empty when the picture only repeats a name written next to it (the cards). */
  alt: string;
  /** The first pictures of a page load at once; the others when scrolled near. */
  eager?: boolean;
  /** The page's largest picture in the first screen (its LCP): fetched before other images. */
  priority?: boolean;
  /** A dealer photo: AVIF and WebP srcsets over its widths, its blurred placeholder under it. */
  photo?: VehiclePhoto | null;
  /** How wide the picture is drawn, for the browser to pick a width from the srcset. */
  sizes?: string;
  className?: string;
  children?: ReactNode;
};

export function VehicleImage({
  src,
  alt,
  eager = false,
  priority = false,
  photo,
  sizes = '100vw',
  className = '',
  children,
}: VehicleImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const failed = failedSrc === src;

  useEffect(() => {
    const image = imageRef.current;
    if (!image?.complete) return;
    // Already settled before React could listen: decode() rejects for a broken picture.
    let active = true;
    image.decode().catch(() => {
      if (active && image.complete && image.naturalWidth === 0) setFailedSrc(src);
    });
    return () => {
      active = false;
    };
  }, [src]);

  return (
    <div
      className={`vehicle-image ${className}`}
      style={{
        aspectRatio: IMAGE_RATIO,
        // The blurred placeholder shows until the photo has loaded over it.
        ...(photo ? { backgroundImage: `url("${photo.placeholder}")`, backgroundSize: 'cover' } : {}),
      }}
      data-image-state={failed ? 'failed' : 'shown'}
    >
      <div
        // Without JavaScript the placeholder waits under every picture; once the page has
        // hydrated (html[data-hydrated]) only a failure shows it, not a picture still loading.
        className={`vehicle-image-placeholder${failed ? '' : ' vehicle-image-placeholder-pending'}`}
        data-testid="image-placeholder"
        role={failed ? 'img' : undefined}
        aria-label={failed ? `${alt ? `${alt}: ` : ''}${IMAGE_PLACEHOLDER_TEXT}` : undefined}
        aria-hidden={failed ? undefined : true}
      >
        <PlaceholderArt />
        <span aria-hidden="true">{IMAGE_PLACEHOLDER_TEXT}</span>
      </div>
      {failed ? null : photo ? (
        <picture>
          <source type="image/avif" srcSet={photo.avif} sizes={sizes} />
          <source type="image/webp" srcSet={photo.webp} sizes={sizes} />
          <img
            ref={imageRef}
            src={photo.src}
            alt={alt}
            width={photo.width}
            height={photo.height}
            loading={eager || priority ? 'eager' : 'lazy'}
            decoding="async"
            {...(priority ? { fetchpriority: 'high' } : {})}
            onError={() => setFailedSrc(src)}
            // Dealers shoot 3:2; the frame is 4:3. Shown whole (the blurred placeholder fills the
            // bands), not cropped at the bumpers (issue 35 point 7).
            className="vehicle-image-picture"
            data-photo="dealer"
          />
        </picture>
      ) : (
        <img
          ref={imageRef}
          src={src}
          alt={alt}
          width={400}
          height={300}
          loading={eager || priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority ? { fetchpriority: 'high' } : {})}
          onError={() => setFailedSrc(src)}
          className="vehicle-image-picture"
        />
      )}
      {children}
    </div>
  );
}
