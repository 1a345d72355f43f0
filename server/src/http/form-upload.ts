// Uploaded forms, for every route whose table entry takes one (`form(…)` in common/src/api/route.ts: a resource's
// file, an archive to import). The request must be multipart/form-data, refused before its body is read; the file
// is the part named `file`, handed to the handler as a stream that fails with a 413 past the upload limit instead
// of ending short; the form's fields, the file's name and its type are held to the input guard's NUL rule (the
// form is read here, not by a body parser); anything else wrong with the form is a 400 with the route's message.
import { finished, type Readable, Transform } from "node:stream";
import multipart from "@fastify/multipart";
import type { FormMessages } from "@memos/common";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, type ErrorDetail, HttpError, tooLarge } from "../errors.js";
import { assertNoNul } from "./input-guard.js";

interface FormFile {
  filename: string;
  type: string;
  /** The bytes, read once, by the service. */
  data: Readable;
}

const UPLOAD_INVALID: ErrorDetail = { reason: "upload.invalid" };

/** A form route's `request.body`: reads the form up to its file. */
export interface FormBody {
  file(): Promise<FormFile>;
}

/** One file, a few fields: nothing else a form route reads. */
export async function registerFormParser(scope: FastifyInstance, maxUploadBytes: number): Promise<void> {
  await scope.register(multipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 10, parts: 20 } });
}

/** An onRequest hook: anything but a form is refused before its body is read, so no parser (or 415) sees it. */
export const requireForm =
  (messages: FormMessages) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!/^multipart\/form-data\b/i.test(request.headers["content-type"] ?? "")) throw badRequest(messages.notForm, UPLOAD_INVALID);
  };

/** A broken form is the client's fault (400), an oversized file is 413. */
function formError(error: unknown, messages: FormMessages): Error {
  if (error instanceof HttpError) return error;
  const { code, statusCode } = error as FastifyError;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return error as Error;
  return badRequest(messages.malformed, UPLOAD_INVALID);
}

/**
 * The file as a stream. The multipart reader stops at the upload limit and marks the stream truncated; that ends
 * this stream with a 413 instead of a short file. A form cut off before its end closes the file without ending it:
 * that (and any error of the reader) fails this stream with the route's 400, so whoever reads it never waits.
 */
function refuseTruncated(file: Readable & { truncated?: boolean }, messages: FormMessages): Readable {
  const checked = new Transform({
    transform: (chunk, _encoding, done) => done(null, chunk),
    flush: (done) => done(file.truncated ? tooLarge() : null),
  });
  finished(file, (error) => {
    if (error) checked.destroy(formError(error, messages));
  });
  // The reader may meet the error only once it starts reading (after creating a folder, say); a stream that
  // errored before is still seen as failed by the pipeline that reads it then.
  checked.on("error", () => {});
  return file.pipe(checked);
}

export function formBody(request: FastifyRequest, messages: FormMessages): FormBody {
  return {
    async file() {
      try {
        const part = await request.file();
        if (part?.fieldname !== "file") throw badRequest(messages.noFile, { ...UPLOAD_INVALID, field: "file" });
        for (const [name, field] of Object.entries(part.fields)) {
          for (const one of [field ?? []].flat()) {
            if (one.type === "field") assertNoNul(one.value, name);
          }
        }
        assertNoNul(part.filename, "filename");
        assertNoNul(part.mimetype, "type");
        return { filename: part.filename, type: part.mimetype, data: refuseTruncated(part.file, messages) };
      } catch (error) {
        throw formError(error, messages);
      }
    },
  };
}
