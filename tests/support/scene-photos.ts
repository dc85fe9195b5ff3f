import sharp, { type Sharp } from "sharp";

/**
 * Photo-like test images made with sharp: broad shapes (what a perceptual hash sees) with fine
 * texture on top (what sharpness sees). `scene` picks the layout, so two scenes differ and one
 * scene re-encoded stays the same shot.
 */
export function scenePhoto(scene: number, width = 1200, height = 800): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const u = x / width;
      const v = y / height;
      const broad = 128 + 70 * Math.sin((u * (2 + scene) + v * (1 + (scene % 3))) * Math.PI + scene);
      const texture = ((x >> 2) + (y >> 2)) % 2 === 0 ? 30 : -30;
      const value = Math.max(0, Math.min(255, Math.round(broad + texture)));
      const i = (y * width + x) * 3;
      pixels[i] = value;
      pixels[i + 1] = Math.max(0, value - 10);
      pixels[i + 2] = Math.min(255, value + 10);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

export const scenes = {
  sharp: (scene = 1, width?: number, height?: number) =>
    scenePhoto(scene, width, height).jpeg({ quality: 90 }).toBuffer(),
  blurred: (scene = 1) => scenePhoto(scene).blur(6).jpeg({ quality: 90 }).toBuffer(),
  dark: (scene = 1) => scenePhoto(scene).linear(0.15, 0).jpeg({ quality: 90 }).toBuffer(),
  /** The same shot again, a little brighter and saved smaller: a near-duplicate. */
  resaved: (scene = 1) => scenePhoto(scene).modulate({ brightness: 1.05 }).resize({ width: 1000 }).webp().toBuffer(),
};
