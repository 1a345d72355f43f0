// Pure helpers of the integrations settings (access tokens, webhooks): ready-to-paste examples.
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
