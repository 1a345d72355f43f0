// Renders a DOM node to a PNG in the browser (html-to-image, loaded on first use), then downloads or copies it.
// Images are inlined first: our own /o/r files load same-origin; external ones that fail are left out, since
// there is no server proxy.

const SKIP_ATTRIBUTE = "data-export-skip";

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** Replaces each <img> source with a data URL, or marks the image to be skipped when it cannot be fetched. */
async function inlineImages(node: HTMLElement): Promise<void> {
  const images = Array.from(node.querySelectorAll("img"));
  await Promise.all(
    images.map(async (image) => {
      const source = image.currentSrc || image.src;
      if (!source || source.startsWith("data:")) return;
      try {
        const response = await fetch(source, { credentials: "same-origin", mode: "cors" });
        if (!response.ok) throw new Error(String(response.status));
        const dataUrl = await blobToDataUrl(await response.blob());
        image.srcset = "";
        image.src = dataUrl;
        await image.decode().catch(() => undefined);
      } catch {
        image.setAttribute(SKIP_ATTRIBUTE, "");
      }
    }),
  );
}

/** An image has no scrolling: while rendering, code and tables wrap or show in full instead of scrolling. */
const PRINT_RULES = `
[data-exporting] pre { white-space: pre-wrap !important; overflow: visible !important; }
[data-exporting] .md-table { overflow: visible !important; }
`;

/** Controls (copy code, show more) stay out of the image; image thumbnails are buttons too and stay in. */
const keepInImage = (node: HTMLElement): boolean => {
  if (!(node instanceof Element)) return true;
  if (node.hasAttribute(SKIP_ATTRIBUTE)) return false;
  return !(node instanceof HTMLButtonElement && !node.querySelector("img"));
};

/**
 * Renders `node` to a PNG blob at twice the pixel density, with the node's own background (outside rounded
 * corners stays transparent).
 * @example const blob = await renderPng(cardRef.current);
 */
export async function renderPng(node: HTMLElement): Promise<Blob> {
  const { toBlob } = await import("html-to-image");
  await inlineImages(node);
  const style = document.createElement("style");
  style.textContent = PRINT_RULES;
  document.head.append(style);
  node.setAttribute("data-exporting", "");
  try {
    const blob = await toBlob(node, { pixelRatio: 2, filter: keepInImage });
    if (!blob) throw new Error("empty image");
    return blob;
  } finally {
    node.removeAttribute("data-exporting");
    style.remove();
  }
}

export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const canCopyImage = (): boolean =>
  typeof ClipboardItem !== "undefined" && typeof navigator.clipboard?.write === "function" && window.isSecureContext;

/**
 * Copies a PNG that may still be rendering. The ClipboardItem is created at once, inside the click, which
 * Safari requires; the promise resolves to the blob later.
 */
export async function copyPng(blob: Promise<Blob>): Promise<void> {
  await navigator.clipboard.write([new ClipboardItem({ "image/png": blob })]);
}

/** A file name for an exported image: `memos-<label>.png`. */
export const imageFilename = (label: string): string => `memos-${label.replace(/[^\w.-]+/g, "-")}.png`;
