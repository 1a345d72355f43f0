// The instance's logo: the customized profile's image, or ours when there is none or it fails to load. A custom
// address is tried once per page (state/brokenLogos.ts): no broken-image icon, no retry on the next mount.
import { useEffect } from "react";
import { useLogoProbes } from "../../state/brokenLogos";

export const DEFAULT_LOGO = "/logo.png";

interface InstanceLogoProps {
  src: string | undefined;
  className?: string;
  alt?: string;
}

export function InstanceLogo({ src, className, alt = "" }: InstanceLogoProps) {
  const custom = src && src !== DEFAULT_LOGO ? src : null;
  const status = useLogoProbes((state) => (custom ? state.status[custom] : undefined));
  const probe = useLogoProbes((state) => state.probe);
  useEffect(() => {
    if (custom) probe(custom);
  }, [custom, probe]);
  // While the one try is under way the logo's place stays empty, so neither logo flashes.
  if (custom && status !== "ok" && status !== "broken") return <span aria-hidden className={`inline-block ${className ?? ""}`} />;
  return <img src={custom && status === "ok" ? custom : DEFAULT_LOGO} alt={alt} className={className} />;
}
