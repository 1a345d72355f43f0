// The instance's logo: the customized profile's image, or ours when there is none or it fails to load
// (a broken custom logo shows the default, with no broken-image icon, no retry loop and no retry on the next mount).
import { useBrokenLogos } from "../../state/brokenLogos";

export const DEFAULT_LOGO = "/logo.png";

interface InstanceLogoProps {
  src: string | undefined;
  className?: string;
  alt?: string;
}

export function InstanceLogo({ src, className, alt = "" }: InstanceLogoProps) {
  const wanted = src || DEFAULT_LOGO;
  const broken = useBrokenLogos((state) => state.urls.has(wanted));
  const markBroken = useBrokenLogos((state) => state.add);
  const shown = broken ? DEFAULT_LOGO : wanted;
  return (
    <img
      src={shown}
      alt={alt}
      className={className}
      onError={() => {
        if (shown !== DEFAULT_LOGO) markBroken(wanted);
      }}
    />
  );
}
