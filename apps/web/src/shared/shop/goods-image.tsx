import { type ImageSize, imageSources } from '@studio/contract/images';
import './goods-image.css';

/** An uploaded goods picture in the size asked, with its srcset; lazy unless it is the first thing seen. */
export function GoodsImage({
  src,
  alt,
  size = 'thumb',
  sizes,
  eager = false,
  className,
}: {
  src: string;
  alt: string;
  size?: ImageSize;
  sizes?: string;
  eager?: boolean;
  className?: string;
}) {
  if (!src) {
    // A placeholder: named when it stands for the goods, hidden when the name is beside it (alt '').
    return alt ? (
      <div className={`goods-image goods-image-empty ${className ?? ''}`} role="img" aria-label={alt} />
    ) : (
      <div className={`goods-image goods-image-empty ${className ?? ''}`} aria-hidden="true" />
    );
  }
  const { src: url, srcSet } = imageSources(src, size);
  return (
    <img
      className={`goods-image ${className ?? ''}`}
      src={url}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
