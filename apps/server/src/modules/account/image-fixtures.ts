import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images for tests. `png` is a whole, decodable picture (a grey square), padded with a private
 * chunk to `padTo` bytes when asked; the other formats here are headers only, enough for the type
 * and size to be read (image-type.test.ts), and `encoded` makes a real one of any format.
 */

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function png(width: number, height: number, padTo = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter type: none
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
  ];
  const size = parts.reduce((n, p) => n + p.length, 0) + 12;
  // A private ancillary chunk (lower-case first letter: decoders skip it) fills up to padTo.
  if (padTo > size + 12) parts.push(chunk('prVt', Buffer.alloc(padTo - size - 12)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** A real, decodable image of the format. */
export function encoded(format: 'jpeg' | 'gif' | 'webp' | 'png', width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#b08060' } })
    .toFormat(format)
    .toBuffer();
}

export function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

export function gif(width: number, height: number): Buffer {
  const buf = Buffer.alloc(32);
  buf.write('GIF89a', 0, 'latin1');
  buf.writeUInt16LE(width, 6);
  buf.writeUInt16LE(height, 8);
  return buf;
}

function riff(chunk: string, body: Buffer): Buffer {
  const head = Buffer.alloc(20);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(12 + body.length, 4);
  head.write('WEBP', 8, 'latin1');
  head.write(chunk, 12, 'latin1');
  head.writeUInt32LE(body.length, 16);
  return Buffer.concat([head, body]);
}

export function webpLossy(width: number, height: number): Buffer {
  const body = Buffer.alloc(16);
  Buffer.from([0x9d, 0x01, 0x2a]).copy(body, 3);
  body.writeUInt16LE(width, 6);
  body.writeUInt16LE(height, 8);
  return riff('VP8 ', body);
}

export function webpLossless(width: number, height: number): Buffer {
  const body = Buffer.alloc(8);
  body[0] = 0x2f;
  const bits = (width - 1) | ((height - 1) << 14);
  body.writeUInt32LE(bits >>> 0, 1);
  return riff('VP8L', body);
}

export function webpExtended(width: number, height: number): Buffer {
  const body = Buffer.alloc(10);
  body.writeUIntLE(width - 1, 4, 3);
  body.writeUIntLE(height - 1, 7, 3);
  return riff('VP8X', body);
}

/**
 * A 1-bit greyscale PNG, decodable and tiny whatever its size (16000 × 16000 is about 31 KB): the
 * pixel bomb, 256 MP once decoded.
 */
export function bilevelPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // Every row: filter type none, then black pixels.
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height, 0);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Texts a phone photo's metadata carries here, each of which must be gone from what is stored. */
export const PHOTO_SECRETS = {
  /** EXIF IFD0 Make. */
  camera: 'SecretPhoneMaker',
  /** EXIF GPS IFD GPSMapDatum, beside the latitude and longitude. */
  gps: 'GPS-DATUM-WGS84',
  /** XMP dc:creator. */
  xmp: 'Xmp Secret Author',
  /** IPTC By-line (JPEG only). */
  iptc: 'Iptc Secret Byline',
};

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${PHOTO_SECRETS.xmp}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

/**
 * A photo as a phone writes it: EXIF with the camera, a GPS position and the orientation (6: the
 * pixels are stored turned a quarter anticlockwise, to be shown turned clockwise), XMP, and for a
 * JPEG an IPTC block. The stored pixels are red on their left half and blue on the right, so that a
 * photo shown upright (orientation 6) is red on top.
 */
export async function phonePhoto(
  format: 'jpeg' | 'png' | 'webp',
  width: number,
  height: number,
  orientation = 1,
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
  }
  const image = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .withExif({
      IFD0: { Make: PHOTO_SECRETS.camera },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2621/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3906/100',
        GPSMapDatum: PHOTO_SECRETS.gps,
      },
    })
    .withMetadata({ orientation })
    .withXmp(XMP)
    .toBuffer();
  return format === 'jpeg' ? withIptc(image, PHOTO_SECRETS.iptc) : image;
}

/** Puts an APP13 segment (Photoshop 3.0, resource 0x0404: IPTC-IIM) with a By-line right after SOI. */
function withIptc(jpegBytes: Buffer, byline: string): Buffer {
  const text = Buffer.from(byline, 'latin1');
  const record = Buffer.concat([Buffer.from([0x1c, 0x02, 0x50, text.length >> 8, text.length & 0xff]), text]);
  const data = record.length % 2 ? Buffer.concat([record, Buffer.alloc(1)]) : record;
  const size = Buffer.alloc(4);
  size.writeUInt32BE(record.length, 0);
  const body = Buffer.concat([
    Buffer.from('Photoshop 3.0\0', 'latin1'),
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04, 0x00, 0x00]), // resource id, empty name padded to even
    size,
    data,
  ]);
  const head = Buffer.from([0xff, 0xed, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpegBytes.subarray(0, 2), head, body, jpegBytes.subarray(2)]);
}
