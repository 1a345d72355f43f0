// Downloads a file from the API with progress: fetch, read the body stream counting the bytes received, then
// hand back one Blob and the server's file name. Errors are ApiErrors, as for every other call.
import { ApiError, parseError } from "./client";

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** The Content-Length, when the server sent one (a streamed archive has none). */
  total: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''…` first, then `filename="…"`. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      /* a malformed escape: use the plain name */
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}

/**
 * GETs `url` (`api.url(…)`), or POSTs `options.body` to it as JSON, and reads the answer's body chunk by chunk,
 * calling `onProgress` after each one.
 * @example const { blob, filename } = await downloadWithProgress(api.url("export.archive"), ({ received }) => show(received));
 */
export async function downloadWithProgress(
  url: string,
  onProgress: (progress: DownloadProgress) => void,
  options: { signal?: AbortSignal; fallbackName?: string; body?: unknown } = {},
): Promise<DownloadedFile> {
  const init: RequestInit = { method: "GET", credentials: "same-origin", signal: options.signal };
  if (options.body !== undefined)
    Object.assign(init, { method: "POST", body: JSON.stringify(options.body), headers: { "Content-Type": "application/json" } });
  const response = await fetch(url, init);
  if (!response.ok) throw await parseError(response);
  const length = Number(response.headers.get("Content-Length"));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get("Content-Type") ?? "application/octet-stream";
  const filename = filenameFromDisposition(response.headers.get("Content-Disposition"), options.fallbackName ?? "download");
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ received: blob.size, total });
    return { blob, filename };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    // The server ends an archive early when writing it fails: what arrived is not a whole file.
    throw new ApiError(0, "The download was interrupted");
  }
  return { blob: new Blob(chunks, { type }), filename };
}

/** Saves a Blob as a file through a temporary object URL and a download link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
