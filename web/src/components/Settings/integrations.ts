// Pure helpers of the integrations settings (access tokens, webhooks): expiry choices and ready-to-paste examples.
export const EXPIRY_CHOICES = ["7", "30", "90", "date", "never"] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/**
 * The `expiresTs` (Unix seconds) of an expiry choice: N days from now, the end of a chosen day (local time,
 * `YYYY-MM-DD`), or undefined for never. Null when the chosen day is missing or not in the future.
 */
export function expiresTsOf(choice: `${number}` | "date" | "never", date: string, now = Date.now()): number | undefined | null {
  if (choice === "never") return undefined;
  if (choice !== "date") return Math.floor(now / 1000) + Number(choice) * 86_400;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const end = new Date(year, month, day, 23, 59, 59);
  if (end.getFullYear() !== year || end.getMonth() !== month || end.getDate() !== day) return null;
  return end.getTime() > now ? Math.floor(end.getTime() / 1000) : null;
}

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** Posting a memo with a personal access token, one option per line as people paste it into a terminal. */
export function accessTokenCurl(origin: string, token: string): string {
  const body = `{"content": ${JSON.stringify(`Hello #memos from ${origin}`)}}`;
  return [
    `curl -X POST ${quote(`${origin}/api/memo`)}`,
    `  -H ${quote(`Authorization: Bearer ${token}`)}`,
    `  -H ${quote("Content-Type: application/json")}`,
    `  -d ${quote(body)}`,
  ].join(" \\\n");
}

/** An MCP client's entry for memos (Cursor's `mcp.json`; VS Code and others read the same shape). */
export function accessTokenMcpConfig(origin: string, token: string): string {
  const server = { url: `${origin}/mcp`, headers: { Authorization: `Bearer ${token}` } };
  return JSON.stringify({ mcpServers: { memos: server } }, null, 2);
}
