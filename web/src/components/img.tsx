import { useState, type ImgHTMLAttributes } from 'react';
import { DEFAULT_AVATAR } from '@kapu/contract';

/** Spec §8: the inline image shown when a picture fails to load (no request, works offline). */
export const DEFAULT_ERROR_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="90" viewBox="0 0 120 90">' +
      '<rect width="120" height="90" fill="#f0f2f5"/>' +
      '<path d="M38 62l14-18 10 12 8-9 12 15z" fill="#c9cdd4"/>' +
      '<circle cx="76" cy="34" r="6" fill="#c9cdd4"/>' +
      '</svg>',
  );

export { DEFAULT_AVATAR };

type ImgProps = ImgHTMLAttributes<HTMLImageElement> & {
  /** Shown when `src` is empty or fails; the inline error image by default. */
  fallback?: string;
};

/** <img> that swaps to a fallback once when the picture cannot be loaded. */
export function Img({ src, fallback = DEFAULT_ERROR_IMAGE, onError, alt = '', ...rest }: ImgProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  const showFallback = !src || failedSrc === src;
  return (
    <img
      {...rest}
      alt={alt}
      src={showFallback ? fallback : src}
      onError={(event) => {
        if (!showFallback) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
