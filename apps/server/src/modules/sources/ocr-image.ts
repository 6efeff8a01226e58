/** An 8-bit grayscale raster, one byte per pixel, rows top to bottom. */
export type GrayImage = { width: number; height: number; pixels: Uint8Array };

/** The image as binary PGM (P5), a format Tesseract's Leptonica reads without any codec. */
export function encodePgm(image: GrayImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  return Buffer.concat([header, image.pixels]);
}
