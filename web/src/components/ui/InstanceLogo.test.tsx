import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useBrokenLogos } from "../../state/brokenLogos";
import { DEFAULT_LOGO, InstanceLogo } from "./InstanceLogo";

afterEach(() => {
  cleanup();
  useBrokenLogos.setState({ urls: new Set() });
});

const img = () => screen.getByRole("img", { hidden: true }) as HTMLImageElement;

describe("InstanceLogo", () => {
  it("shows the custom logo, and ours once it fails to load, without retrying", () => {
    render(<InstanceLogo src="https://broken.example/logo.png" alt="logo" />);
    expect(img().getAttribute("src")).toBe("https://broken.example/logo.png");
    fireEvent.error(img());
    expect(img().getAttribute("src")).toBe(DEFAULT_LOGO);
    // Our own logo failing too does not start a loop.
    fireEvent.error(img());
    expect(img().getAttribute("src")).toBe(DEFAULT_LOGO);
  });

  it("uses ours when there is no custom logo, and tries a newly configured one", () => {
    const { rerender } = render(<InstanceLogo src="" alt="logo" />);
    expect(img().getAttribute("src")).toBe(DEFAULT_LOGO);
    rerender(<InstanceLogo src="/bad.png" alt="logo" />);
    fireEvent.error(img());
    expect(img().getAttribute("src")).toBe(DEFAULT_LOGO);
    rerender(<InstanceLogo src="/good.png" alt="logo" />);
    expect(img().getAttribute("src")).toBe("/good.png");
  });

  it("remembers a broken logo: a logo mounted later shows ours without trying it again", () => {
    const first = render(<InstanceLogo src="/broken.png" alt="logo" />);
    fireEvent.error(img());
    first.unmount();
    render(<InstanceLogo src="/broken.png" alt="logo" />);
    expect(img().getAttribute("src")).toBe(DEFAULT_LOGO);
  });
});
