// The app's query client sends a signed-in page whose session ended elsewhere to sign-in, and nothing else.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client";
import { queryClient } from "./client";
import { keys } from "./keys";

const ended = () => new ApiError(401, "Missing user in session", { reason: "auth.unauthenticated" });

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

function stubLocation(path: string) {
  const assign = vi.fn();
  vi.stubGlobal("location", { pathname: path, search: "?tag=a", assign });
  return assign;
}

describe("a session that ended elsewhere", () => {
  it("sends a signed-in page to sign-in, back here afterwards", async () => {
    const assign = stubLocation("/review");
    queryClient.setQueryData(keys.me, { id: 1 });
    await queryClient.fetchQuery({ queryKey: ["probe"], queryFn: () => Promise.reject(ended()), retry: false }).catch(() => undefined);
    expect(assign).toHaveBeenCalledWith("/auth?next=%2Freview%3Ftag%3Da");
    expect(queryClient.getQueryData(keys.me)).toBeNull();
  });

  it("does the same for a failed write", async () => {
    const assign = stubLocation("/");
    queryClient.setQueryData(keys.me, { id: 1 });
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: () => Promise.reject(ended()) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it("leaves a visitor, and every other failure, where they are", async () => {
    const assign = stubLocation("/explore");
    await queryClient.fetchQuery({ queryKey: ["visitor"], queryFn: () => Promise.reject(ended()), retry: false }).catch(() => undefined);
    queryClient.setQueryData(keys.me, { id: 1 });
    const wrongPassword = new ApiError(401, "Incorrect password", { reason: "auth.incorrect-password" });
    await queryClient
      .fetchQuery({ queryKey: ["other"], queryFn: () => Promise.reject(wrongPassword), retry: false })
      .catch(() => undefined);
    await queryClient
      .fetchQuery({
        queryKey: ["forbidden"],
        queryFn: () => Promise.reject(new ApiError(403, "no", { reason: "auth.session-only" })),
        retry: false,
      })
      .catch(() => undefined);
    expect(assign).not.toHaveBeenCalled();
  });
});
