// RSS feeds of public memos.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import { file, route } from "../route.js";

const FEED = file("application/xml", "An RSS 2.0 feed of public memos", z.string());

export const rssRoutes = {
  "rss.user": route({
    method: "GET",
    path: "/u/:id/rss.xml",
    summary: "One user's public memos as RSS",
    access: "anonymous",
    params: z.object({ id: pathId("User id") }),
    answer: FEED,
    errors: { 404: "No such user" },
  }),
  "rss.explore": route({
    method: "GET",
    path: "/explore/rss.xml",
    summary: "Everyone's public memos as RSS",
    access: "anonymous",
    answer: FEED,
  }),
};
