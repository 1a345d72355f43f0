// Table test: which uploaded files a browser is let show (inline), and with what type; the rest are downloads.
import { describe, expect, it } from "vitest";
import { fileDisplay } from "./file-display.policy.js";

const inline = (contentType: string) => ({ disposition: "inline", contentType });
const download = { disposition: "attachment", contentType: "application/octet-stream" };

describe("fileDisplay", () => {
  it.each([
    ["image/png", inline("image/png")],
    ["IMAGE/PNG", inline("image/png")],
    ["image/apng", inline("image/apng")],
    ["image/jpeg", inline("image/jpeg")],
    ["image/jpg", inline("image/jpg")],
    ["image/gif", inline("image/gif")],
    ["image/webp", inline("image/webp")],
    ["image/avif", inline("image/avif")],
    ["image/bmp", inline("image/bmp")],
    ["image/x-icon", inline("image/x-icon")],
    ["image/vnd.microsoft.icon", inline("image/vnd.microsoft.icon")],
    ["audio/mpeg", inline("audio/mpeg")],
    ["audio/ogg", inline("audio/ogg")],
    ["audio/x-wav", inline("audio/x-wav")],
    ["video/mp4", inline("video/mp4")],
    ["video/webm", inline("video/webm")],
    ["video/quicktime", inline("video/quicktime")],
    ["application/pdf", inline("application/pdf")],
    ["text/plain", inline("text/plain; charset=utf-8")],
    // SVG: a download, with its type so that an <img> still shows it
    ["image/svg+xml", { disposition: "attachment", contentType: "image/svg+xml" }],
    // XML documents under image/ and video/ run their scripts when opened
    ["image/foo+xml", download],
    ["image/svg", download],
    ["video/x-foo+xml", download],
    ["audio/x-foo+xml", download],
    ["video/vnd.ms-playready.media.pyv+xml", download],
    // images a browser may not show safely, or at all
    ["image/tiff", download],
    ["image/heic", download],
    ["image/x-xbitmap", download],
    // documents and code
    ["text/html", download],
    ["text/xml", download],
    ["application/xml", download],
    ["application/xhtml+xml", download],
    ["text/javascript", download],
    ["application/json", download],
    ["text/css", download],
    ["text/markdown", download],
    ["text/csv", download],
    ["application/zip", download],
    ["multipart/x-mixed-replace", download],
    // anything that is not one plain type
    ["image/png; charset=utf-8", download],
    ["text/plain; charset=utf-8", download],
    ["video/mp4 ", download],
    ["image/png\r\nX-Injected: 1", download],
    ["video/", download],
    ["", download],
  ])("%j → %j", (type, display) => {
    expect(fileDisplay(type)).toEqual(display);
  });
});
