import type { Resource } from "@memos/common";
import { describe, expect, it } from "vitest";
import { throughShareLink } from "./sharedContent";

const resource = (id: number) => ({ id, filename: `f${id}.png` }) as Resource;
const url = (id: number) => `/api/share/T/resource/${id}`;

describe("throughShareLink", () => {
  it("sends the memo's own files through the link and leaves other links alone", () => {
    const content = "![a](/o/r/7/f7.png) and [b](/o/r/8/other%20name.pdf) and ![c](/o/r/9/f9.png) [m](/m/3)";
    expect(throughShareLink(content, [resource(7), resource(8)], url)).toBe(
      "![a](/api/share/T/resource/7) and [b](/api/share/T/resource/8) and ![c](/o/r/9/f9.png) [m](/m/3)",
    );
  });

  it("changes nothing without files", () => {
    expect(throughShareLink("![a](/o/r/7/f7.png)", [], url)).toBe("![a](/o/r/7/f7.png)");
  });
});
