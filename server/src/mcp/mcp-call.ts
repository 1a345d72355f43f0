// What every tool of one MCP request works with: the app, the token's user, the server's public origin (for the
// links it answers), and who asks (the turns of searches).
import type { AppContext, Actor } from "../context.js";

export interface McpCall {
  ctx: AppContext;
  viewer: Actor;
  origin: string;
  caller: string;
}
