/*
 * The square photo cropper's arithmetic (member avatar, teacher photo): from the area the member
 * framed and the rotation to the canvas that draws it. The crop area is in pixels of the image as
 * rotated (the box that holds the turned image), as react-easy-crop reports it (croppedAreaPixels);
 * the image is drawn once, through one transform, so nothing is drawn twice or resampled more than
 * once. Pure numbers: both apps draw with it, and it is tested without a browser.
 */

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The longest side of a cropped photo: enough for a 3x screen's 160 px avatar, small to upload. */
export const CROP_OUTPUT_MAX = 512;

/** The size of the box that holds a `width` × `height` image turned by `degrees`. */
export function rotatedBox(width: number, height: number, degrees: number): { width: number; height: number } {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  // Rounded away from float noise (cos 90° is 6e-17, not 0).
  const clean = (v: number) => Math.round(v * 1e6) / 1e6;
  return { width: clean(width * cos + height * sin), height: clean(width * sin + height * cos) };
}

export interface CropDrawing {
  /** The output canvas's size in pixels. */
  width: number;
  height: number;
  /**
   * The canvas transform (`ctx.setTransform(a, b, c, d, e, f)`) under which the image drawn at 0,0
   * lands as framed: scaled to the output, turned about its centre, shifted to the crop.
   */
  transform: [a: number, b: number, c: number, d: number, e: number, f: number];
}

/**
 * How to draw `crop` of an `image`-sized picture turned by `rotation` degrees into a canvas whose
 * longer side is at most `max` (never enlarged beyond the crop's own pixels).
 */
export function cropDrawing(
  image: { width: number; height: number },
  crop: PixelArea,
  rotation: number,
  max: number = CROP_OUTPUT_MAX,
): CropDrawing {
  if (crop.width <= 0 || crop.height <= 0) throw new RangeError('crop area is empty');
  const scale = Math.min(1, max / Math.max(crop.width, crop.height));
  const width = Math.max(1, Math.round(crop.width * scale));
  const height = Math.max(1, Math.round(crop.height * scale));
  const box = rotatedBox(image.width, image.height, rotation);
  const radians = (rotation * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  // scale · translate(−crop) · translate(box centre) · rotate · translate(−image centre)
  const sx = width / crop.width;
  const sy = height / crop.height;
  const halfW = image.width / 2;
  const halfH = image.height / 2;
  return {
    width,
    height,
    transform: [
      sx * cos,
      sy * sin,
      -sx * sin,
      sy * cos,
      sx * (box.width / 2 - crop.x - (cos * halfW - sin * halfH)),
      sy * (box.height / 2 - crop.y - (sin * halfW + cos * halfH)),
    ],
  };
}

/** Where the transform puts a point of the image (for tests and hit checks). */
export function applyTransform(t: CropDrawing['transform'], x: number, y: number): [number, number] {
  const [a, b, c, d, e, f] = t;
  return [a * x + c * y + e, b * x + d * y + f];
}
