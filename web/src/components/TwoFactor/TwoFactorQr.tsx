// The otpauth:// URL as a QR code, drawn here in the browser (the secret goes to no other server); the encoder (qr,
// no dependencies) is loaded only when a setup shows one.
import { useEffect, useState } from "react";

export function TwoFactorQr({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qr").then(({ default: encodeQR }) => {
      if (live) setSvg(encodeQR(url, "svg", { ecc: "medium", border: 1 }));
    });
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
