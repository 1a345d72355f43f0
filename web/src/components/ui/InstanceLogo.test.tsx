import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useLogoProbes } from "../../state/brokenLogos";
import { DEFAULT_LOGO, InstanceLogo } from "./InstanceLogo";

afterEach(() => {
  cleanup();
  useLogoProbes.setState({ status: {} });
});

const img = () => screen.getByRole("img", { hidden: true }) as HTMLImageElement;
const settle = (url: string, status: "ok" | "broken") => act(() => useLogoProbes.getState().settle(url, status));

describe("InstanceLogo", () => {
  it("tries a custom logo once, keeping its place empty meanwhile, then shows it", () => {
    const { container } = render(<InstanceLogo src="https://good.example/logo.png" alt="logo" />);
    expect(screen.queryByRole("img", { hidden: true })).toBeNull();
    expect(container.querySelector("span[aria-hidden]")).not.toBeNull();
    expect(useLogoProbes.getState().status["https://good.example/logo.png"]).toBe("loading");
    settle("https://good.example/logo.png", "ok");
    expect(img().getAttribute("src")).toBe("https://good.example/logo.png");
  });

  it("shows ours when the custom logo fails, and a logo mounted later shows ours without trying again", () => {
    const first = render(<InstanceLogo src="/broken.png" alt="logo" />);
    settle("/broken.png", "broken");
    expect(img().getAttribute("src")).toBe(DEFAULT_LOGO);
    first.unmount();
    render(<InstanceLogo src="/broken.png" alt="logo" />);
    expect(img().getAttribute("src")).toBe(DEFAULT_LOGO);
    expect(useLogoProbes.getState().status["/broken.png"]).toBe("broken");
  });

  it("uses ours when there is no custom logo, and tries a newly configured one", () => {
    const { rerender } = render(<InstanceLogo src="" alt="logo" />);
    expect(img().getAttribute("src")).toBe(DEFAULT_LOGO);
    expect(useLogoProbes.getState().status).toEqual({});
    rerender(<InstanceLogo src="/new.png" alt="logo" />);
    expect(useLogoProbes.getState().status["/new.png"]).toBe("loading");
  });

  it("starts one try per address, however many logos mount", () => {
    render(
      <>
        <InstanceLogo src="/same.png" />
        <InstanceLogo src="/same.png" />
      </>,
    );
    const before = useLogoProbes.getState().status;
    useLogoProbes.getState().probe("/same.png");
    expect(useLogoProbes.getState().status).toBe(before);
  });
});
