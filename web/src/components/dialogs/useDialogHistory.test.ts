import { describe, expect, it } from "vitest";
import { searchWith, stackOf } from "./useDialogHistory";

describe("the dialog stack in the address", () => {
  it.each([
    ["", []],
    ["?dialog=setting", ["setting"]],
    ["?tag=a&dialog=setting,about", ["setting", "about"]],
    ["?dialog=nope,about", ["about"]],
  ])("%j names %j", (search, stack) => expect(stackOf(search)).toEqual(stack));

  it("writes the stack beside the other parameters, and leaves it out when empty", () => {
    expect(searchWith("?tag=work", ["setting"])).toBe("?tag=work&dialog=setting");
    expect(searchWith("?tag=work&dialog=setting", [])).toBe("?tag=work");
    expect(searchWith("?dialog=setting", [])).toBe("");
  });
});
