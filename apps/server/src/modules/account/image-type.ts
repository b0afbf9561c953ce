import type { UPLOAD_IMAGE_TYPES } from '@studio/contract/account';

export type ImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

export interface ImageInfo {
  type: ImageType;
  ext: 'png' | 'jpg' | 'webp' | 'gif';
  mime: string;
  /** Pixel size when the header tells it; null when it does not parse (the type alone decides acceptance). */
  width: number | null;
  height: number | null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ascii = (buf: Buffer, start: number, end: number) => buf.toString('latin1', start, end);

/**
 * What image a file really is, by its first bytes (the "magic numbers"), never by its name or the
 * type the browser claims. Answers null for anything but PNG, JPEG, WebP and GIF.
 */
export function sniffImage(buf: Buffer): ImageInfo | null {
  if (buf.length >= 24 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) {
    const hasHeader = ascii(buf, 12, 16) === 'IHDR';
    return {
      type: 'png',
      ext: 'png',
      mime: 'image/png',
      width: hasHeader ? buf.readUInt32BE(16) : null,
      height: hasHeader ? buf.readUInt32BE(20) : null,
    };
  }
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) {
    return { type: 'jpeg', ext: 'jpg', mime: 'image/jpeg', ...jpegSize(buf) };
  }
  if (buf.length >= 10 && (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a')) {
    return { type: 'gif', ext: 'gif', mime: 'image/gif', width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  }
  if (buf.length >= 16 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') {
    return { type: 'webp', ext: 'webp', mime: 'image/webp', ...webpSize(buf) };
  }
  return null;
}

const NO_SIZE = { width: null, height: null };

/** Walks the JPEG segments to the first start-of-frame marker, which holds the size. */
function jpegSize(buf: Buffer): { width: number | null; height: number | null } {
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return NO_SIZE;
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI, EOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + buf.readUInt16BE(i + 2);
  }
  return NO_SIZE;
}

function webpSize(buf: Buffer): { width: number | null; height: number | null } {
  const chunk = ascii(buf, 12, 16);
  if (chunk === 'VP8 ' && buf.length >= 30) {
    return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && buf.length >= 25 && buf[20] === 0x2f) {
    const b1 = buf[21]!;
    const b2 = buf[22]!;
    const b3 = buf[23]!;
    const b4 = buf[24]!;
    return {
      width: 1 + (((b2 & 0x3f) << 8) | b1),
      height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)),
    };
  }
  if (chunk === 'VP8X' && buf.length >= 30) {
    return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
  }
  return NO_SIZE;
}
