// Resources: uploaded files and external links, v0's file links /o/r and /h/r, and the v1 API's /file/attachments.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import { resourceCreateSchema, resourceEntitySchema, resourceFileQuerySchema, resourcePatchSchema } from "../schemas/resource.js";
import { bare, data, file, form, input, route } from "../route.js";

const resourceParams = z.object({ resourceId: pathId() });
const NOT_FOUND = { 404: "No such resource, or another's" } as const;
const FILE = file(
  "application/octet-stream",
  "The file, with its stored type (Range requests are honoured); with `thumbnail`, a PNG or JPEG image's thumbnail (at most 600 px on its long side), or the file itself when it makes none",
);
const FILE_QUERY = input(resourceFileQuerySchema, "Malformatted file query");

/** A file by id and name: its owner's, or one linked to a memo the caller may read. */
const FILE_ROUTE = {
  method: "GET",
  access: "public",
  params: z.object({ resourceId: pathId(), filename: z.string() }),
  query: FILE_QUERY,
  answer: FILE,
  errors: { 404: "No such file, or not one the caller may read" },
} as const;

export const resourceRoutes = {
  "resource.list": route({
    method: "GET",
    path: "/api/resource",
    summary: "The caller's resources",
    access: "signed-in",
    answer: data(z.array(resourceEntitySchema)),
  }),
  "resource.create": route({
    method: "POST",
    path: "/api/resource",
    summary: "Add an external link as a resource",
    access: "signed-in",
    body: input(resourceCreateSchema, "Malformatted post resource request"),
    answer: data(resourceEntitySchema),
    errors: { 400: "An invalid file name" },
  }),
  "resource.upload": route({
    method: "POST",
    path: "/api/resource/blob",
    summary: "Upload a file (multipart/form-data, field `file`)",
    access: "signed-in",
    body: form({
      notForm: "Upload file overload max size: the request is not multipart/form-data",
      noFile: 'Failed to get uploading file: send it in the form field "file"',
      malformed: "Upload file overload max size: the multipart body is malformed",
    }),
    answer: data(resourceEntitySchema),
    errors: { 400: "Not a form with a `file`, a malformed form, or an invalid file name", 413: "Over the upload limit (--max-upload-mb)" },
  }),
  "resource.get": route({
    method: "GET",
    path: "/api/resource/:resourceId",
    summary: "One resource",
    access: "signed-in",
    params: resourceParams,
    answer: data(resourceEntitySchema),
    errors: NOT_FOUND,
  }),
  "resource.blob": route({
    method: "GET",
    path: "/api/resource/:resourceId/blob",
    summary: "A resource's file",
    access: "signed-in",
    params: resourceParams,
    answer: FILE,
    errors: NOT_FOUND,
  }),
  "resource.patch": route({
    method: "PATCH",
    path: "/api/resource/:resourceId",
    summary: "Rename a resource",
    access: "signed-in",
    params: resourceParams,
    body: input(resourcePatchSchema, "Malformatted patch resource request"),
    answer: data(resourceEntitySchema),
    errors: { 400: "An invalid file name", ...NOT_FOUND },
  }),
  "resource.delete": route({
    method: "DELETE",
    path: "/api/resource/:resourceId",
    summary: "Delete a resource",
    access: "signed-in",
    params: resourceParams,
    answer: bare(z.literal(true)),
    errors: NOT_FOUND,
  }),
  "resource.openFile": route({
    ...FILE_ROUTE,
    path: "/o/r/:resourceId/:filename",
    summary: "A resource's file by id and name (v0's open link)",
  }),
  "resource.htmlFile": route({
    ...FILE_ROUTE,
    path: "/h/r/:resourceId/:filename",
    summary: "A resource's file by id and name (v0's link for HTML pages)",
  }),
  "resource.attachmentFile": route({
    method: "GET",
    path: "/file/attachments/:uid/:filename",
    summary: "A resource's file by its v1 uid (memos' attachment link; the name is the browser's, any is accepted)",
    access: "public",
    params: z.object({ uid: z.string().max(64), filename: z.string() }),
    query: FILE_QUERY,
    answer: FILE,
    errors: { 404: "No such file, or not one the caller may read" },
  }),
};
