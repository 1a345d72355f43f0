// The caller's browser sessions (routes/session.ts).
import { z } from "zod";

export const SESSION_DEVICE_TYPES = ["desktop", "mobile", "tablet", "tv", "bot"] as const;

export const sessionEntitySchema = z
  .object({
    id: z.string().describe("The session's public id: names it for DELETE, and cannot sign in"),
    current: z.boolean().describe("Whether this is the session making the request"),
    browser: z.string().nullable().describe('Read from the User-Agent ("Chrome 120"); null when it names none'),
    os: z.string().nullable().describe('Read from the User-Agent ("macOS 14"); null when it names none'),
    deviceType: z.enum(SESSION_DEVICE_TYPES).nullable(),
    userAgent: z.string().describe("As the browser sent it at sign-in (at most 512 characters)"),
    address: z.string().describe("The client address of the last activity recorded"),
    createdTs: z.int().describe("Unix seconds: the sign-in"),
    lastActiveTs: z.int().describe("Unix seconds, recorded at most every 5 minutes"),
    expiresTs: z.int(),
  })
  .meta({ id: "Session" });
/** A signed-in browser session as its owner sees it (never the cookie's token or its hash). */
export type Session = z.infer<typeof sessionEntitySchema>;
