import { cropDrawing, type PixelArea } from '@studio/contract/image-crop';

/** An image element once `src` (an object URL of the chosen file) has loaded. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/**
 * The framed square of a photo as a JPEG file ready for the upload API: drawn once through the crop's
 * transform (contract image-crop.ts) on white, so a PNG's transparency or the corners a turn leaves
 * empty are white, not black.
 */
export async function cropImage(src: string, crop: PixelArea, rotation: number, name = 'photo.jpg'): Promise<File> {
  const image = await loadImage(src);
  const drawing = cropDrawing({ width: image.naturalWidth, height: image.naturalHeight }, crop, rotation);
  const canvas = document.createElement('canvas');
  canvas.width = drawing.width;
  canvas.height = drawing.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, drawing.width, drawing.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.setTransform(...drawing.transform);
  ctx.drawImage(image, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  if (!blob) throw new Error('The cropped image could not be made');
  return new File([blob], name, { type: 'image/jpeg' });
}
