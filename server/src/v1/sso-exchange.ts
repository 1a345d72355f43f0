// memos' v1 single sign-on as both its RPCs take it (SignIn's `sso_credentials`, CreateLinkedIdentity): the fields
// checked and named as the request names them, the code exchanged by our SSO service, and its failures said in the
// v1 API's terms (the detail goes to the log only, as the browser flow's does).
import type { SsoFailure } from "@memos/common";
import { Code, ConnectError } from "@connectrpc/connect";
import type { FastifyRequest } from "fastify";
import type { Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { requestOrigin } from "../http/public-origin.js";
import { sessionClient } from "../routes/auth.routes.js";
import { SsoError } from "../services/sso-error.js";
import { exchangeSsoCode, type SsoResult } from "../services/sso.service.js";
import type { AppContext } from "../context.js";
import { identityProviderIdOf } from "./names.js";
import { invalidArgument } from "./transport/errors.js";

const CODES: Record<SsoFailure, Code> = {
  "state-invalid": Code.InvalidArgument,
  "provider-disabled": Code.NotFound,
  "provider-error": Code.InvalidArgument,
  "provider-unreachable": Code.Unavailable,
  "signup-closed": Code.PermissionDenied,
  "account-archived": Code.PermissionDenied,
  "already-linked": Code.AlreadyExists,
  "link-session": Code.PermissionDenied,
  "rate-limited": Code.ResourceExhausted,
};

export interface SsoFields {
  idpName: string;
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

/** Exchanges the code of a client-run provider flow; `prefix` names the fields as the request does (`sso_credentials.`). */
export async function ssoExchange(
  ctx: AppContext,
  viewer: Viewer,
  request: FastifyRequest,
  fields: SsoFields,
  options: { prefix: string; link: boolean },
): Promise<SsoResult> {
  const { prefix } = options;
  const providerId = identityProviderIdOf(fields.idpName, `${prefix}idp_name`);
  if (fields.code === "") throw invalidArgument(`${prefix}code`, "the provider's authorization code is required");
  if (fields.redirectUri === "") throw invalidArgument(`${prefix}redirect_uri`, "the redirect URI the code was issued for is required");
  try {
    return await exchangeSsoCode(
      ctx,
      viewer,
      {
        providerId,
        code: fields.code,
        redirectUri: fields.redirectUri,
        codeVerifier: fields.codeVerifier,
        requestOrigin: requestOrigin(request),
        client: sessionClient(request),
        link: options.link,
      },
      request.log,
    );
  } catch (error) {
    if (error instanceof SsoError) {
      request.log.warn({ ssoFailure: error.failure }, `single sign-on failed: ${error.detail}`);
      throw new ConnectError(`single sign-on failed: ${error.failure}`, CODES[error.failure]);
    }
    if (error instanceof HttpError && error.field === "redirect_uri") throw invalidArgument(`${prefix}redirect_uri`, error.message);
    throw error;
  }
}
