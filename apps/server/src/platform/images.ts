import type { UPLOAD_IMAGE_TYPES } from '@studio/contract/account';
import { IMAGE_SIZES } from '@studio/contract/images';
import sharp, { type Sharp } from 'sharp';
import type { UploadStorageBase } from './storage';

/**
 * The most pixels an uploaded image may have (width × height, every frame of an animation counted),
 * checked from its header before anything is decoded: 40 MP is about 160 MB once decoded as RGBA.
 * A 2 MB file can declare far more (a one-colour 16000 × 16000 PNG is a few KB).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The long side of a kept original: a larger one is scaled down at upload, keeping its aspect. */
export const MAX_IMAGE_SIDE = 2560;

type ImageFormat = (typeof UPLOAD_IMAGE_TYPES)[number];

/** An image as it is kept and served (the width and height of one frame). */
export interface StoredImage {
  buffer: Buffer;
  width: number;
  height: number;
}

/**
 * The image to keep for an upload, never the bytes as sent: decoded, turned upright by its EXIF
 * orientation, at most MAX_IMAGE_SIDE on its long side, and encoded again in its own format. The
 * encoder writes no metadata, so the EXIF (GPS position, camera, time), XMP, IPTC and ICC blocks of
 * the original are gone; review photos are public. Colours are converted to sRGB first.
 *
 * A GIF stays a GIF and an animated WebP stays animated (every frame kept and scaled): a member who
 * sends a moving picture expects it to move, and the frame count is inside the pixel limit. An
 * animation is not turned by an orientation tag (libvips cannot rotate one; browsers draw animations
 * unturned anyway).
 *
 * Throws ImageTooLarge over MAX_IMAGE_PIXELS (before decoding) and ImageUnreadable when the file
 * has the signature of an image but no picture in it.
 */
export async function storableImage(input: Buffer, format: ImageFormat): Promise<StoredImage> {
  const animated = format === 'gif' || format === 'webp';
  // The header only: with `animated`, the height is every frame's stacked.
  const header = await sharp(input, { animated, limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw new ImageUnreadable(error);
    });
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw new ImageTooLarge();
  const pages = header.pages ?? 1;
  try {
    // Lenient like a browser: a picture with a damaged chunk still shows; one with no image in it fails.
    let image = sharp(input, { animated: pages > 1, failOn: 'none', limitInputPixels: MAX_IMAGE_PIXELS });
    if (pages <= 1) image = image.autoOrient();
    image = image.resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await encodeAs(image, format).toBuffer({ resolveWithObject: true });
    return { buffer: data, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    throw new ImageUnreadable(error);
  }
}

/** Same format out as in; quality 85 keeps a photo indistinguishable at a fraction of a camera's size. */
function encodeAs(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 85 });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 85 });
    case 'gif':
      return image.gif();
  }
}

/** The key of an upload's variant `width` wide (`2026-11/<id>.png` → `2026-11/<id>.w320.webp`). */
export function variantKey(key: string, width: number): string {
  return `${key.replace(/\.[^./]+$/, '')}.w${width}.webp`;
}

/**
 * Makes an uploaded image's sizes once (contract images.ts): WebP `<name>.w320.webp` and
 * `<name>.w960.webp` beside `<name>.<ext>` in the upload storage, never wider than the original,
 * rotated by its EXIF orientation and stripped of its metadata. An existing variant is kept;
 * `original` spares reading back the bytes just stored.
 */
export async function makeImageVariants(storage: UploadStorageBase, key: string, original?: Buffer): Promise<void> {
  let input = original;
  // Asked together: against a bucket each is a round trip (an old upload chosen for goods, in a transaction).
  const widths = Object.values(IMAGE_SIZES);
  const present = await Promise.all(widths.map((width) => storage.has(variantKey(key, width))));
  for (const [i, width] of widths.entries()) {
    const out = variantKey(key, width);
    if (present[i]) continue;
    input ??= (await storage.get(key)) ?? undefined;
    if (!input) throw new ImageUnreadable(new Error(`no upload ${key}`));
    let variant: Buffer;
    try {
      // Lenient like a browser: a picture with a damaged chunk still shows; one with no image in it fails.
      variant = await sharp(input, { animated: false, failOn: 'none' })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch (error) {
      await removeImageVariants(storage, key);
      throw new ImageUnreadable(error);
    }
    await storage.put(out, variant, 'image/webp');
  }
}

/** Removes the sizes made for `key` (an upload that could not be kept). */
export async function removeImageVariants(storage: UploadStorageBase, key: string): Promise<void> {
  for (const width of Object.values(IMAGE_SIZES)) await storage.remove(variantKey(key, width)).catch(() => undefined);
}

/** The image's header declares more than MAX_IMAGE_PIXELS: refused without decoding it. */
export class ImageTooLarge extends Error {
  constructor() {
    super(`image over ${MAX_IMAGE_PIXELS} pixels`);
  }
}

/** The file has the signature of an image but cannot be decoded. */
export class ImageUnreadable extends Error {
  constructor(cause: unknown) {
    super('image cannot be decoded', { cause });
  }
}
