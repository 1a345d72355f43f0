// Making one thumbnail: a PNG or JPEG decoded, shrunk to fit THUMBNAIL_EDGE on its long side by averaging each box
// of pixels, turned upright as its EXIF orientation says, and encoded again (JPEG; PNG when it is see-through, so a
// logo keeps its transparency). Pure JavaScript (jpeg-js, pngjs): the image ships no native image library. CPU work
// of a second or so for a phone photo: it runs on the thumbnail thread (thumbnail.worker.ts), never the event loop.
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { type ImageHeader, readImageHeader } from "./image-header.js";

/** The long side of a thumbnail, in pixels (memos' thumbnails are the same). */
const THUMBNAIL_EDGE = 600;
/** Larger images are sent as they are: their decoded pixels (4 bytes each) would cost the thread too much memory. */
const MAX_THUMBNAIL_SOURCE_PIXELS = 16_000_000;
const JPEG_QUALITY = 80;

interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row by row. */
  data: Uint8Array;
}

export type ThumbnailResult =
  | { made: true; type: "image/jpeg" | "image/png"; bytes: Uint8Array }
  /** The original serves as its own thumbnail, and why. */
  | { made: false; reason: string };

/** The thumbnail of `bytes` (a PNG or JPEG, whatever type it claims), or why the original serves instead. */
export function makeThumbnail(bytes: Uint8Array): ThumbnailResult {
  const header = readImageHeader(bytes);
  if (!header) return { made: false, reason: "not a PNG or JPEG image" };
  const reason = keepOriginal(header);
  if (reason) return { made: false, reason };
  const isPng = bytes[0] === 0x89;
  const decoded = isPng ? decodePng(bytes) : decodeJpeg(bytes);
  const upright = orient(shrink(decoded, THUMBNAIL_EDGE), header.orientation);
  const encoded =
    isPng && hasTransparency(upright)
      ? {
          type: "image/png" as const,
          bytes: PNG.sync.write(
            Object.assign(new PNG({ width: upright.width, height: upright.height }), { data: Buffer.from(upright.data) }),
          ),
        }
      : { type: "image/jpeg" as const, bytes: jpeg.encode({ ...upright, data: upright.data }, JPEG_QUALITY).data };
  if (encoded.bytes.length >= bytes.length) return { made: false, reason: "the original is no larger" };
  return { made: true, ...encoded };
}

/** Why an image with this header is sent as it is, or null to make its thumbnail. */
function keepOriginal({ width, height, orientation }: ImageHeader): string | null {
  if (width === 0 || height === 0) return "an image without pixels";
  if (width * height > MAX_THUMBNAIL_SOURCE_PIXELS) return `larger than ${MAX_THUMBNAIL_SOURCE_PIXELS / 1e6} million pixels`;
  if (Math.max(width, height) <= THUMBNAIL_EDGE && orientation === 1) return "small enough already";
  return null;
}

function decodePng(bytes: Uint8Array): Pixels {
  const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return { width: png.width, height: png.height, data: png.data };
}

function decodeJpeg(bytes: Uint8Array): Pixels {
  const maxMP = MAX_THUMBNAIL_SOURCE_PIXELS / 1e6;
  return jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: maxMP, maxMemoryUsageInMB: maxMP * 4 + 64 });
}

/**
 * `image` shrunk so its long side is at most `edge`: each pixel of the result is the average of the box of source
 * pixels it covers. One pass over the source, row by row, into one row of sums.
 */
function shrink(image: Pixels, edge: number): Pixels {
  const scale = Math.max(image.width, image.height) / edge;
  if (scale <= 1) return image;
  const width = Math.max(1, Math.round(image.width / scale));
  const height = Math.max(1, Math.round(image.height / scale));
  const columnOf = new Uint32Array(image.width);
  const columnCount = new Uint32Array(width);
  for (let x = 0; x < image.width; x += 1) {
    const column = Math.min(width - 1, Math.floor((x * width) / image.width));
    columnOf[x] = column;
    columnCount[column]! += 1;
  }
  const data = new Uint8Array(width * height * 4);
  const sums = new Float64Array(width * 4);
  let rows = 0;
  let row = 0;
  const flush = () => {
    for (let x = 0; x < width; x += 1) {
      const count = columnCount[x]! * rows;
      for (let c = 0; c < 4; c += 1) data[(row * width + x) * 4 + c] = Math.round(sums[x * 4 + c]! / count);
    }
    sums.fill(0);
    rows = 0;
  };
  for (let y = 0; y < image.height; y += 1) {
    const target = Math.min(height - 1, Math.floor((y * height) / image.height));
    if (target !== row) {
      flush();
      row = target;
    }
    const from = y * image.width * 4;
    for (let x = 0; x < image.width; x += 1) {
      const at = columnOf[x]! * 4;
      const source = from + x * 4;
      for (let c = 0; c < 4; c += 1) sums[at + c] = sums[at + c]! + image.data[source + c]!;
    }
    rows += 1;
  }
  flush();
  return { width, height, data };
}

/**
 * `image` turned as EXIF orientation `orientation` says it is shown (2–8: mirrored and/or turned), so the thumbnail
 * needs no orientation of its own: for each pixel of the result, the source pixel it shows.
 */
function orient(image: Pixels, orientation: number): Pixels {
  if (orientation < 2 || orientation > 8) return image;
  const { width: w, height: h } = image;
  const turned = orientation >= 5;
  const width = turned ? h : w;
  const height = turned ? w : h;
  const source: (x: number, y: number) => [number, number] = {
    2: (x: number, y: number): [number, number] => [w - 1 - x, y],
    3: (x: number, y: number): [number, number] => [w - 1 - x, h - 1 - y],
    4: (x: number, y: number): [number, number] => [x, h - 1 - y],
    5: (x: number, y: number): [number, number] => [y, x],
    6: (x: number, y: number): [number, number] => [y, h - 1 - x],
    7: (x: number, y: number): [number, number] => [w - 1 - y, h - 1 - x],
    8: (x: number, y: number): [number, number] => [w - 1 - y, x],
  }[orientation]!;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [sx, sy] = source(x, y);
      const from = (sy * w + sx) * 4;
      data.set(image.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

function hasTransparency({ data }: Pixels): boolean {
  for (let i = 3; i < data.length; i += 4) if (data[i]! < 255) return true;
  return false;
}
