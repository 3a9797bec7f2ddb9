import { useState } from 'react';
import type { PortalReward, PortalVoucher } from '../../contract/portal';

/**
 * A reward's, promotion's or the brand's picture: sized (no layout shift), loaded lazily and
 * decoded off the main thread; when there is none, or it fails to load, a drawn placeholder in the
 * brand's colours takes its place, so a missing file never leaves a broken image. The placeholder
 * is decorative: what the picture shows is always in the text beside it.
 */
export function Picture({
  src,
  alt,
  width,
  height,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span
        className={['picture', 'picture-fallback', className].filter(Boolean).join(' ')}
        data-testid="picture-fallback"
        aria-hidden="true"
      >
        <svg viewBox="0 0 64 40" aria-hidden="true" focusable="false">
          <path d="M6 34l16-18 10 11 8-7 18 14z" />
          <circle cx="46" cy="11" r="5" />
        </svg>
      </span>
    );
  }
  return (
    <img
      className={['picture', className].filter(Boolean).join(' ')}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}

/**
 * The picture on a reward's or a voucher's tile (320×200): its `media` (the reward's, or the
 * voucher's promotion's: `{type, value}`) when that is an image (`value` a `/media/…` path), else
 * — none, another kind, or a file that fails to load — Picture's drawn placeholder. Decorative
 * (empty alt): the tile's title says what it shows.
 */
export function MediaPicture({ media }: { media: PortalReward['media'] | PortalVoucher['media'] }) {
  return (
    <Picture
      className="tile-picture"
      src={media?.type === 'image' ? media.value : null}
      alt=""
      width={320}
      height={200}
    />
  );
}
