// The otpauth:// URL as a QR code, drawn here in the browser (the secret goes to no other server); qrcode is loaded
// only when a setup shows one.
import { useEffect, useState } from "react";

export function TwoFactorQr({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then((qrcode) =>
      qrcode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }).then((text) => {
        if (live) setSvg(text);
      }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  // Dark modules on white in both themes: scanners need the contrast.
  return (
    <div className="flex size-44 items-center justify-center self-center rounded-lg bg-white p-2">
      {svg ? <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={label} className="size-full" /> : null}
    </div>
  );
}
