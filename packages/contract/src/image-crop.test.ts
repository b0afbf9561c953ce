import { describe, expect, it } from 'vitest';
import { applyTransform, cropDrawing, rotatedBox } from './image-crop';

const close = (actual: [number, number], expected: [number, number]) => {
  expect(actual[0]).toBeCloseTo(expected[0], 6);
  expect(actual[1]).toBeCloseTo(expected[1], 6);
};

describe('rotatedBox', () => {
  it.each([
    [0, 400, 300],
    [90, 300, 400],
    [180, 400, 300],
    [270, 300, 400],
    [-90, 300, 400],
  ])('a 400×300 image turned %i° fits %i×%i', (deg, w, h) => {
    expect(rotatedBox(400, 300, deg)).toEqual({ width: w, height: h });
  });

  it('grows at 45°', () => {
    const box = rotatedBox(100, 100, 45);
    expect(box.width).toBeCloseTo(141.421356, 5);
    expect(box.height).toBeCloseTo(141.421356, 5);
  });
});

describe('cropDrawing', () => {
  it('without rotation shifts the crop to the origin and scales it to the output', () => {
    const d = cropDrawing({ width: 2000, height: 1000 }, { x: 500, y: 100, width: 800, height: 800 }, 0);
    expect(d.width).toBe(512);
    expect(d.height).toBe(512);
    const s = 512 / 800;
    expect(d.transform.map((v) => Math.round(v * 1e6) / 1e6)).toEqual([s, 0, -0, s, -500 * s, -100 * s]);
    close(applyTransform(d.transform, 500, 100), [0, 0]);
    close(applyTransform(d.transform, 1300, 900), [512, 512]);
  });

  it('never enlarges a small crop', () => {
    const d = cropDrawing({ width: 300, height: 300 }, { x: 0, y: 0, width: 200, height: 200 }, 0);
    expect([d.width, d.height]).toEqual([200, 200]);
  });

  it('turned 90°: the image’s top-left corner lands at the rotated box’s top-right', () => {
    // A 400×300 image turned 90° clockwise is a 300×400 box; its full crop is the whole box.
    const d = cropDrawing({ width: 400, height: 300 }, { x: 0, y: 0, width: 300, height: 400 }, 90, 1000);
    expect([d.width, d.height]).toEqual([300, 400]);
    close(applyTransform(d.transform, 0, 0), [300, 0]);
    close(applyTransform(d.transform, 400, 0), [300, 400]);
    close(applyTransform(d.transform, 0, 300), [0, 0]);
    close(applyTransform(d.transform, 200, 150), [150, 200]);
  });

  it('turned 180° with a square crop in the middle keeps the centre in the centre', () => {
    const d = cropDrawing({ width: 400, height: 300 }, { x: 50, y: 0, width: 300, height: 300 }, 180, 300);
    close(applyTransform(d.transform, 200, 150), [150, 150]);
    // The image's bottom-right corner is now top-left of the box, 50 px left of the crop.
    close(applyTransform(d.transform, 400, 300), [-50, 0]);
  });

  it('refuses an empty crop', () => {
    expect(() => cropDrawing({ width: 10, height: 10 }, { x: 0, y: 0, width: 0, height: 0 }, 0)).toThrow(RangeError);
  });
});
