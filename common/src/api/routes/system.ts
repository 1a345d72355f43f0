// The server's mode and version, the instance's status, and the system settings.
import { z } from "zod";
import {
  profileEntitySchema,
  projectInfoEntitySchema,
  systemSettingEntitySchema,
  systemSettingUpsertSchema,
  systemStatusEntitySchema,
} from "../schemas/system.js";
import { data, input, route } from "../route.js";

const HOST_ONLY = "Not the host or an admin";

export const systemRoutes = {
  "system.ping": route({
    method: "GET",
    path: "/api/ping",
    summary: "The server's mode and version",
    access: "public",
    answer: data(profileEntitySchema),
  }),
  "system.status": route({
    method: "GET",
    path: "/api/status",
    summary: "The instance: host, profile, sign-up, customisation",
    access: "public",
    answer: data(systemStatusEntitySchema),
  }),
  "system.projectInfo": route({
    method: "GET",
    path: "/api/system/project-info",
    summary: "The project's GitHub star count and latest release (About)",
    description:
      "Read by the server from api.github.com at most once a day and kept; browsers never ask GitHub themselves. " +
      "Empty, with `enabled: false`, when the host turned it off. Parts GitHub did not answer are left out.",
    access: "public",
    answer: data(projectInfoEntitySchema),
  }),
  "system.settings": route({
    method: "GET",
    path: "/api/system/setting",
    summary: "The system settings (host only)",
    access: "signed-in",
    answer: data(z.array(systemSettingEntitySchema)),
    errors: { 403: HOST_ONLY },
  }),
  "system.setSetting": route({
    method: "POST",
    path: "/api/system/setting",
    summary: "Set a system setting (host only)",
    description: "`value` is JSON text.",
    access: "signed-in",
    body: input(systemSettingUpsertSchema, "Malformatted post system setting request"),
    answer: data(systemSettingEntitySchema),
    errors: { 400: "A value the setting does not take (`system setting invalidate: …`)", 403: HOST_ONLY },
  }),
  "system.vacuum": route({
    method: "POST",
    path: "/api/system/vacuum",
    summary: "Clean up orphans and compact the database (host only)",
    access: "signed-in",
    answer: data(z.literal(true)),
    errors: { 403: HOST_ONLY },
  }),
};
