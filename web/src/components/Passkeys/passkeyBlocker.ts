// Why this instance cannot offer passkeys, in words a person can act on. A passkey belongs to a site's domain name
// (WebAuthn's relying party id, taken from the instance's external URL): browsers refuse one for an IP address, and
// for a site served over plain HTTP other than localhost.

export type PasskeyBlocker = "no-external-url" | "ip-address" | "not-https";

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** What keeps `externalUrl` (the host's setting) from taking passkeys, or null when nothing does. */
export function passkeyBlocker(externalUrl: string | undefined): PasskeyBlocker | null {
  if (!externalUrl) return "no-external-url";
  let url: URL;
  try {
    url = new URL(externalUrl);
  } catch {
    return "no-external-url";
  }
  // URL keeps an IPv6 host in brackets.
  if (IPV4.test(url.hostname) || url.hostname.startsWith("[")) return "ip-address";
  const local = url.hostname === "localhost" || url.hostname.endsWith(".localhost");
  if (url.protocol !== "https:" && !local) return "not-https";
  return null;
}
