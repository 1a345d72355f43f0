// UserService: accounts by name.
import { getAccountByName } from "../../services/user.service.js";
import { UserService } from "../gen/memos/api/v1/user_service_pb.js";
import { usernameOf } from "../names.js";
import { presentUser } from "../presenters/user.presenter.js";
import { v1Service } from "../rpc.js";

export const userRpcs = v1Service(UserService, {
  getUser: {
    access: "public",
    handle: async (input, { ctx, viewer }) => presentUser(await getAccountByName(ctx, viewer, usernameOf(input.name))),
  },
});
