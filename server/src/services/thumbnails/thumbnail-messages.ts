// What the main thread and the thumbnail thread say to each other.
import type { ThumbnailResult } from "./thumbnail-image.js";

export interface ThumbnailRequest {
  id: number;
  /** The whole original file (its buffer is handed over, not copied). */
  bytes: Uint8Array;
}

export interface ThumbnailReply {
  id: number;
  result: ThumbnailResult;
}
