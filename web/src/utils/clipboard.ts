// Copy text: the async Clipboard API where allowed, else the old textarea + execCommand path (plain HTTP).
import i18n from "../i18n";
import { toast } from "../state/toast";
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy failed");
}

/**
 * Copies text and says so in a toast ("Copied" by default); a failure is toasted too. Resolves to whether
 * the copy worked, so a button can show its own "done" state.
 */
export async function copyWithToast(
  text: string,
  success = i18n.t("message.copied"),
  kind: "success" | "info" = "success",
): Promise<boolean> {
  try {
    await copyText(text);
    toast[kind](success);
    return true;
  } catch {
    toast.error(i18n.t("message.copy-failed"));
    return false;
  }
}
