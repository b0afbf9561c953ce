import { access, unlink } from 'node:fs/promises';
import { IMAGE_SIZES } from '@studio/contract/images';
import sharp from 'sharp';

/**
 * Makes an uploaded image's sizes once (contract images.ts): WebP `<name>.w320.webp` and
 * `<name>.w960.webp` beside `<name>.<ext>`, never wider than the original, rotated by its EXIF
 * orientation and stripped of its metadata. An existing variant is kept.
 */
export async function makeImageVariants(filePath: string): Promise<void> {
  const base = filePath.replace(/\.[^./]+$/, '');
  for (const width of Object.values(IMAGE_SIZES)) {
    const out = `${base}.w${width}.webp`;
    if (await exists(out)) continue;
    try {
      // Lenient like a browser: a picture with a damaged chunk still shows; one with no image in it fails.
      await sharp(filePath, { animated: false, failOn: 'none' })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toFile(out);
    } catch (error) {
      await removeImageVariants(filePath);
      throw new ImageUnreadable(error);
    }
  }
}

/** Removes the sizes made for `filePath` (an upload that could not be kept). */
export async function removeImageVariants(filePath: string): Promise<void> {
  const base = filePath.replace(/\.[^./]+$/, '');
  for (const width of Object.values(IMAGE_SIZES)) await unlink(`${base}.w${width}.webp`).catch(() => undefined);
}

/** The file has the signature of an image but cannot be decoded. */
export class ImageUnreadable extends Error {
  constructor(cause: unknown) {
    super('image cannot be decoded', { cause });
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
