// A user's avatar as clients send it (memos' v1 UpdateUser: `avatar_url` a `data:image/…;base64,…` URL): which
// images are taken, how large, and the rule that reads one. Only raster formats whose first bytes say what they are:
// an SVG could carry script, and bytes that are not the image their type names are refused.
import { INPUT_LIMITS } from "../api/input-limits.js";

export const AVATAR_MIME_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type AvatarMimeType = (typeof AVATAR_MIME_TYPES)[number];

/** Where an account's avatar is served (memos' own address for it, which its clients load). */
export const avatarPath = (username: string) => `/file/users/${encodeURIComponent(username)}/avatar`;

const DATA_URL = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/]*={0,2})$/i;

/** The first bytes of each type. */
function startsAsType(bytes: Uint8Array, type: AvatarMimeType): boolean {
  const at = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  switch (type) {
    case "image/png":
      return at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case "image/jpeg":
      return at(0, 0xff, 0xd8, 0xff);
    case "image/gif":
      return at(0, 0x47, 0x49, 0x46, 0x38);
    case "image/webp":
      return at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50);
  }
}

export type AvatarRead = { ok: true; mimeType: AvatarMimeType; bytes: Uint8Array } | { ok: false; problem: string };

/**
 * An avatar's type and bytes from its data: URL, or the problem with it.
 * @example readAvatarDataUrl("data:image/png;base64,iVBORw0KGgo=") // { ok: true, mimeType: "image/png", bytes }
 */
export function readAvatarDataUrl(text: string): AvatarRead {
  const match = DATA_URL.exec(text);
  if (!match) return { ok: false, problem: "expected a data:image/…;base64,… URL" };
  const type = match[1]!.toLowerCase().replace("image/jpg", "image/jpeg");
  const mimeType = AVATAR_MIME_TYPES.find((known) => known === type);
  if (!mimeType) return { ok: false, problem: `${type} is not taken: use ${AVATAR_MIME_TYPES.join(", ")}` };
  const base64 = match[2]!;
  if (base64.length % 4 !== 0) return { ok: false, problem: "the base64 data is cut short" };
  if ((base64.length / 4) * 3 > INPUT_LIMITS.avatarBytes + 2)
    return { ok: false, problem: `the image is larger than ${INPUT_LIMITS.avatarBytes / 1024} KiB` };
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  if (bytes.length > INPUT_LIMITS.avatarBytes)
    return { ok: false, problem: `the image is larger than ${INPUT_LIMITS.avatarBytes / 1024} KiB` };
  if (!startsAsType(bytes, mimeType)) return { ok: false, problem: `the data is not a ${mimeType} image` };
  return { ok: true, mimeType, bytes };
}
