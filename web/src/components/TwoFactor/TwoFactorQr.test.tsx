// The QR code a two-factor setup draws reads back as the otpauth:// URL: its SVG's modules are painted onto a
// bitmap (dark on white, a quiet zone around) and decoded as a camera's frame would be.
import { cleanup, render, screen } from "@testing-library/react";
import decodeQR from "qr/decode.js";
import { afterEach, describe, expect, it } from "vitest";
import { TwoFactorQr } from "./TwoFactorQr";

afterEach(cleanup);

const PIXELS_PER_MODULE = 6;
const QUIET_MODULES = 4;

/** The dark modules of the drawn SVG: each is a unit square `h1v1…Z` after an absolute (`M`) or relative (`m`) move. */
function darkModules(svg: string): { size: number; dark: Set<string> } {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const path = /<path d="([^"]+)"/.exec(svg)?.[1] ?? "";
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, move, dx, dy] of path.matchAll(/([Mm])(-?\d+) (-?\d+)/g)) {
    x = move === "M" ? Number(dx) : x + Number(dx);
    y = move === "M" ? Number(dy) : y + Number(dy);
    dark.add(`${x},${y}`);
  }
  return { size, dark };
}

/** The modules as an RGBA frame. */
function paint(svg: string) {
  const { size, dark } = darkModules(svg);
  const side = (size + 2 * QUIET_MODULES) * PIXELS_PER_MODULE;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      const module = `${Math.floor(px / PIXELS_PER_MODULE) - QUIET_MODULES},${Math.floor(py / PIXELS_PER_MODULE) - QUIET_MODULES}`;
      if (dark.has(module)) data.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
    }
  }
  return { width: side, height: side, data };
}

describe("TwoFactorQr", () => {
  it("draws the otpauth:// URL as a QR code a scanner reads back", async () => {
    const url = "otpauth://totp/memos:dana?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=memos&algorithm=SHA1&digits=6&period=30";
    render(<TwoFactorQr url={url} label="QR code for your authenticator app" />);
    const image = await screen.findByRole("img", { name: "QR code for your authenticator app" });
    const source = image.getAttribute("src") ?? "";
    expect(source.startsWith("data:image/svg+xml;utf8,")).toBe(true);
    const svg = decodeURIComponent(source.slice("data:image/svg+xml;utf8,".length));
    expect(decodeQR(paint(svg))).toBe(url);
  });
});
