// The download helper: progress per chunk, the server's file name, error envelopes, and saving through a Blob URL.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./client";
import { downloadWithProgress, filenameFromDisposition, saveBlob } from "./download";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("downloadWithProgress", () => {
  it("reports the bytes received after each chunk and returns the whole file with the server's name", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(streamOf([new Uint8Array([80, 75, 3, 4]), new Uint8Array(6).fill(7)]), {
          headers: {
            "Content-Type": "application/zip",
            "Content-Disposition": `attachment; filename="memos-export-_-2025-01-02.zip"; filename*=UTF-8''memos-export-%C3%A9l%C3%A9onore-2025-01-02.zip`,
          },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const seen: number[] = [];
    const { blob, filename } = await downloadWithProgress("/api/export?scope=instance", ({ received }) => seen.push(received));
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/export?scope=instance",
      expect.objectContaining({ method: "GET", credentials: "same-origin" }),
    );
    expect(seen).toEqual([0, 4, 10]);
    expect(filename).toBe("memos-export-éléonore-2025-01-02.zip");
    expect(blob.size).toBe(10);
    expect(blob.type).toBe("application/zip");
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blob);
    });
    expect([...new Uint8Array(bytes)]).toEqual([80, 75, 3, 4, 7, 7, 7, 7, 7, 7]);
  });

  it("turns an error envelope into an ApiError with the server's message", async () => {
    const body = JSON.stringify({
      error: "code=403, message=Unauthorized: only the host may export the whole instance",
      message: "Unauthorized: only the host may export the whole instance",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(body, { status: 403, headers: { "Content-Type": "application/json" } })),
    );
    const failure = downloadWithProgress("/api/export?scope=instance", () => {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 403, message: "Unauthorized: only the host may export the whole instance" });
  });

  it("fails when the stream breaks off (a partial archive is never saved)", async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([1, 2]));
        controller.error(new TypeError("network error"));
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(broken, { headers: { "Content-Type": "application/zip" } })),
    );
    await expect(downloadWithProgress("/api/export", () => {})).rejects.toMatchObject({ message: "The download was interrupted" });
  });
});

describe("filenameFromDisposition", () => {
  it.each([
    [null, "fallback.zip"],
    ['attachment; filename="a b.zip"', "a b.zip"],
    ["attachment; filename=plain.zip", "plain.zip"],
    ["attachment; filename*=UTF-8''%E4%BD%A0.zip", "你.zip"],
  ])("%j → %j", (header, expected) => {
    expect(filenameFromDisposition(header, "fallback.zip")).toBe(expected);
  });
});

describe("saveBlob", () => {
  it("clicks a download link to an object URL", () => {
    const createObjectURL = vi.fn(() => "blob:memos/1");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveBlob(new Blob(["x"]), "memos-export.zip");
    expect(clicked).toEqual([{ href: "blob:memos/1", download: "memos-export.zip" }]);
    expect(document.querySelector("a[download]")).toBeNull();
    click.mockRestore();
  });
});
