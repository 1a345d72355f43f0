// Shortcuts: saved filters, the caller's own.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import { shortcutCreateSchema, shortcutEntitySchema, shortcutPatchSchema } from "../schemas/shortcut.js";
import { bare, data, input, route } from "../route.js";

const shortcutParams = z.object({ shortcutId: pathId() });
const NOT_FOUND = { 404: "No such shortcut, or another's" } as const;

export const shortcutRoutes = {
  "shortcut.list": route({
    method: "GET",
    path: "/api/shortcut",
    summary: "The caller's shortcuts",
    access: "signed-in",
    answer: data(z.array(shortcutEntitySchema)),
  }),
  "shortcut.create": route({
    method: "POST",
    path: "/api/shortcut",
    summary: "Save a filter as a shortcut",
    access: "signed-in",
    body: input(shortcutCreateSchema, "Malformatted post shortcut request"),
    answer: data(shortcutEntitySchema),
  }),
  "shortcut.get": route({
    method: "GET",
    path: "/api/shortcut/:shortcutId",
    summary: "One shortcut",
    access: "signed-in",
    params: shortcutParams,
    answer: data(shortcutEntitySchema),
    errors: NOT_FOUND,
  }),
  "shortcut.patch": route({
    method: "PATCH",
    path: "/api/shortcut/:shortcutId",
    summary: "Change a shortcut",
    access: "signed-in",
    params: shortcutParams,
    body: input(shortcutPatchSchema, "Malformatted patch shortcut request"),
    answer: data(shortcutEntitySchema),
    errors: NOT_FOUND,
  }),
  "shortcut.delete": route({
    method: "DELETE",
    path: "/api/shortcut/:shortcutId",
    summary: "Delete a shortcut",
    access: "signed-in",
    params: shortcutParams,
    answer: bare(z.literal(true)),
    errors: NOT_FOUND,
  }),
};
