// What a thumbnail decision needs from an image's first bytes, read without decoding it: its size (PNG's IHDR, a
// JPEG's start-of-frame) and a JPEG's EXIF orientation, which a camera writes instead of turning the pixels.

export interface ImageHeader {
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1: as stored); PNGs have none here. */
  orientation: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The header of a PNG or JPEG, or null when the bytes are neither or cut short. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  if (PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return pngHeader(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegHeader(bytes);
  return null;
}

function pngHeader(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 24) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20), orientation: 1 };
}

/** Start-of-frame markers (baseline, progressive, …): C0–CF but C4 (Huffman tables), C8 (reserved), CC (arithmetic). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegHeader(bytes: Uint8Array): ImageHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let orientation = 1;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    const body = at + 4;
    if (marker === 0xe1) orientation = exifOrientation(bytes, body, body + length - 2) ?? orientation;
    if (isStartOfFrame(marker)) {
      if (body + 5 > bytes.length) return null;
      return { height: view.getUint16(body + 1), width: view.getUint16(body + 3), orientation };
    }
    if (marker === 0xda) return null; // scan data before any frame header
    at = body + length - 2;
  }
  return null;
}

/** The orientation tag (0x0112) of IFD0 in an APP1 segment holding `Exif\0\0` and a TIFF header; null when absent. */
function exifOrientation(bytes: Uint8Array, start: number, end: number): number | null {
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0];
  if (end > bytes.length || end - start < 14 || !exif.every((byte, i) => bytes[start + i] === byte)) return null;
  const tiff = start + 6;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = bytes[tiff] === 0x49; // "II", else "MM"
  const u16 = (at: number) => (at + 2 <= end ? view.getUint16(at, little) : null);
  const u32 = (at: number) => (at + 4 <= end ? view.getUint32(at, little) : null);
  const ifd = u32(tiff + 4);
  if (ifd === null) return null;
  const count = u16(tiff + ifd);
  if (count === null) return null;
  for (let i = 0; i < count; i += 1) {
    const entry = tiff + ifd + 2 + i * 12;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value !== null && value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}
