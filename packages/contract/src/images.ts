/*
 * Uploaded images come in sizes made once at upload (WebP, server platform/images.ts): a thumbnail
 * for lists and a detail size for galleries, beside the original. Both apps build the urls here.
 */

/** Spec: uploads go at most 5 at once; every multi-photo picker holds to it. */
export const UPLOAD_CONCURRENCY = 5;

export const IMAGE_SIZES = { thumb: 320, detail: 960 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

const UPLOADED = /^(\/uploads\/.+)\.(png|jpe?g|webp|gif)$/i;

/** The url of an uploaded image's variant `width` wide (the original for any other url). */
export function imageVariant(url: string, size: ImageSize): string {
  const m = UPLOADED.exec(url);
  return m ? `${m[1]}.w${IMAGE_SIZES[size]}.webp` : url;
}

/** `src` and `srcSet` for an <img>: the thumbnail by default, the detail size for wide screens. */
export function imageSources(url: string, size: ImageSize = 'thumb'): { src: string; srcSet?: string } {
  if (!UPLOADED.test(url)) return { src: url };
  return {
    src: imageVariant(url, size),
    srcSet: `${imageVariant(url, 'thumb')} ${IMAGE_SIZES.thumb}w, ${imageVariant(url, 'detail')} ${IMAGE_SIZES.detail}w`,
  };
}
