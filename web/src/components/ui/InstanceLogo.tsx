// The instance's logo: the customized profile's image, or ours when there is none or it fails to load
// (a broken custom logo shows the default, once, with no broken-image icon and no retry loop).
import { useState } from "react";

export const DEFAULT_LOGO = "/logo.png";

interface InstanceLogoProps {
  src: string | undefined;
  className?: string;
  alt?: string;
}

export function InstanceLogo({ src, className, alt = "" }: InstanceLogoProps) {
  const wanted = src || DEFAULT_LOGO;
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === wanted ? DEFAULT_LOGO : wanted;
  return (
    <img
      src={shown}
      alt={alt}
      className={className}
      onError={() => {
        if (shown !== DEFAULT_LOGO) setFailed(wanted);
      }}
    />
  );
}
