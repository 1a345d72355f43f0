// /api/ping, /api/status and /api/system/*.
import { SERVER_VERSION, V0_API_VERSION } from "@memos/common";
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { getProjectInfo } from "../services/project-info.service.js";
import { authorizeSettingWrite, getSystemStatus, listSettings, upsertSetting, vacuum } from "../services/system.service.js";

export const systemHandlers = (ctx: AppContext) =>
  ({
    "system.ping": async () => ({ mode: ctx.config.mode, version: V0_API_VERSION, serverVersion: SERVER_VERSION }),
    "system.status": async (request) => getSystemStatus(ctx, viewerOf(request)),
    "system.projectInfo": async () => getProjectInfo(ctx),
    "system.settings": async (request) => listSettings(ctx, viewerOf(request)),
    "system.setSetting": {
      // A 403 comes before a 400 of the body, as in v0.
      checkFirst: async (request) => authorizeSettingWrite(viewerOf(request)),
      handler: async (request) => upsertSetting(ctx, viewerOf(request), request.body, request.log),
    },
    "system.vacuum": async (request) => {
      await vacuum(ctx, viewerOf(request), request.log);
      return true;
    },
  }) satisfies Handlers<"system">;
