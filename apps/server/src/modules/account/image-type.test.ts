import { describe, expect, it } from 'vitest';
import { gif, jpeg, png, webpExtended, webpLossless, webpLossy } from './image-fixtures';
import { sniffImage } from './image-type';

describe('sniffImage', () => {
  it.each([
    ['png', png(640, 480), { type: 'png', ext: 'png', mime: 'image/png', width: 640, height: 480 }],
    ['jpeg', jpeg(1024, 768), { type: 'jpeg', ext: 'jpg', mime: 'image/jpeg', width: 1024, height: 768 }],
    ['gif', gif(32, 16), { type: 'gif', ext: 'gif', mime: 'image/gif', width: 32, height: 16 }],
    ['lossy webp', webpLossy(300, 200), { type: 'webp', ext: 'webp', mime: 'image/webp', width: 300, height: 200 }],
    ['lossless webp', webpLossless(301, 9999), { type: 'webp', width: 301, height: 9999 }],
    ['extended webp', webpExtended(4000, 3000), { type: 'webp', width: 4000, height: 3000 }],
  ])('recognises %s and reads its size', (_case, bytes, expected) => {
    expect(sniffImage(bytes)).toMatchObject(expected);
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['text', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['html named .png', Buffer.from('<html><script>alert(1)</script></html>')],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj')],
    ['a truncated PNG signature', png(1, 1).subarray(0, 7)],
    ['RIFF that is not WebP', Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt ')],
    ['a BMP', Buffer.from('BM\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0036\u0000\u0000\u0000')],
  ])('refuses %s', (_case, bytes) => {
    expect(sniffImage(bytes)).toBeNull();
  });

  it('answers the type without a size when a JPEG has no readable frame header', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toMatchObject({ type: 'jpeg', width: null });
  });
});
