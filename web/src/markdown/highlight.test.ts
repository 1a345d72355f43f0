import { isValidElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { highlightCode } from "./highlight";

/** Every class name in the highlighted tree. */
function classes(nodes: unknown[]): string[] {
  return nodes.flatMap((node) => {
    if (Array.isArray(node)) return classes(node);
    if (!isValidElement(node)) return [];
    const { className, children } = (node as ReactElement<{ className?: string; children?: unknown }>).props;
    const own = className ? [className] : [];
    return [...own, ...classes(Array.isArray(children) ? children : [children])];
  });
}

describe("highlightCode", () => {
  it("highlights a named language, by its usual fence alias too", async () => {
    const nodes = await highlightCode("const greet = (name: string) => name;", "ts");
    expect(nodes).not.toBeNull();
    expect(classes(nodes!)).toContain("hljs-keyword");
  });

  it("guesses among common languages when the block names none", async () => {
    const nodes = await highlightCode('def greet(name):\n    return f"hi {name}"\n', "");
    expect(classes(nodes!)).toEqual(expect.arrayContaining(["hljs-keyword"]));
  });

  it("leaves unknown languages plain, and never turns markup in code into elements", async () => {
    expect(await highlightCode("anything", "no-such-language")).toBeNull();
    const nodes = await highlightCode('<img src=x onerror="alert(1)">', "html");
    const text = JSON.stringify(nodes, (key, value) => (key === "_owner" || key === "_store" ? undefined : value));
    expect(classes(nodes!).every((name) => /^hljs-/.test(name) || /^[a-z_ ]+$/.test(name))).toBe(true);
    expect(text).not.toContain('"type":"img"');
  });
});
