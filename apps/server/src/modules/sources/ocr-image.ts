/** An 8-bit grayscale raster, one byte per pixel, rows top to bottom. */
export type GrayImage = { width: number; height: number; pixels: Uint8Array };

/** A decoded image as pdf.js hands it over in `page.objs` (its `ImageKind` in `kind`). */
export type PdfImageData = { width: number; height: number; kind?: number; data?: Uint8Array | Uint8ClampedArray };

/** pdf.js's `ImageKind`: packed bits with 1 = white, RGB bytes, RGBA bytes. */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

/**
 * Tesseract's WebAssembly heap is limited and its time grows with the pixels: an image larger than
 * this (an A4 page scanned at 400 dpi is about 15.5 million) is scaled down before recognition.
 */
export const MAX_OCR_PIXELS = 16_000_000;

/** A pdf.js image as grayscale, scaled down when it is huge; null when its layout is not one we know. */
export function toGrayImage(image: PdfImageData): GrayImage | null {
  const { width, height, kind, data } = image;
  if (!data || width < 1 || height < 1) return null;
  const gray = grayPixels(data, width, height, kind);
  if (!gray) return null;
  return shrinkToFit({ width, height, pixels: gray }, MAX_OCR_PIXELS);
}

function grayPixels(data: Uint8Array | Uint8ClampedArray, width: number, height: number, kind?: number) {
  const count = width * height;
  const pixels = new Uint8Array(count);
  if (kind === GRAYSCALE_1BPP) {
    const rowBytes = (width + 7) >> 3;
    if (data.length < rowBytes * height) return null;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = (data[y * rowBytes + (x >> 3)] ?? 0) & (0x80 >> (x & 7));
        pixels[y * width + x] = bit ? 255 : 0;
      }
    }
    return pixels;
  }
  const channels = kind === RGB_24BPP ? 3 : kind === RGBA_32BPP ? 4 : 0;
  if (!channels || data.length < count * channels) return null;
  for (let index = 0; index < count; index++) {
    const at = index * channels;
    // ITU-R BT.601 luma; a transparent pixel shows the white paper under it.
    const luma = 0.299 * (data[at] ?? 0) + 0.587 * (data[at + 1] ?? 0) + 0.114 * (data[at + 2] ?? 0);
    const alpha = channels === 4 ? (data[at + 3] ?? 255) / 255 : 1;
    pixels[index] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return pixels;
}

/** Averages blocks of pixels (a whole-number factor) until the image has at most `maxPixels`. */
export function shrinkToFit(image: GrayImage, maxPixels: number): GrayImage {
  const factor = Math.ceil(Math.sqrt((image.width * image.height) / maxPixels));
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * image.width + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += image.pixels[row + dx] ?? 255;
      }
      pixels[y * width + x] = Math.round(sum / (factor * factor));
    }
  }
  return { width, height, pixels };
}

/** The image as binary PGM (P5), a format Tesseract's Leptonica reads without any codec. */
export function encodePgm(image: GrayImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  return Buffer.concat([header, image.pixels]);
}
