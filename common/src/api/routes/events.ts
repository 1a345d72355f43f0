// The live event stream: Server-Sent Events of what changed, resumable after a drop.
import { liveEventSchema } from "../schemas/events.js";
import { file, route } from "../route.js";

export const eventsRoutes = {
  "events.stream": route({
    method: "GET",
    path: "/api/events",
    summary: "Live events: what changed that the caller may read, as Server-Sent Events",
    description:
      "Each event is `id: <n>` and `data: <JSON>` (the schema below). A client that lost the stream sends the last id it read as " +
      "`Last-Event-ID` (EventSource does) and is sent the events it missed, or one `reset` event when they cannot be sent (then it reads " +
      "afresh). The stream opens with `retry:`, the current id and `: connected`; a `: keep-alive` comment (with the current id) comes on an " +
      "interval (30 s).",
    access: "signed-in",
    answer: file("text/event-stream", "An endless stream of events", liveEventSchema),
    errors: { 400: "`Last-Event-ID` is not an event id (digits)" },
  }),
};
