import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../../i18n";
import { PasswordStrength } from "./PasswordStrength";

afterEach(cleanup);

const meter = () => screen.getByRole("meter", { name: "Password strength" });

describe("PasswordStrength", () => {
  it("says the rule before anything is typed", () => {
    render(<PasswordStrength password="" />);
    expect(meter().getAttribute("aria-valuenow")).toBe("0");
    expect(meter().getAttribute("aria-valuetext")).toBeNull();
    expect(screen.getByText(/At least 8 characters; spaces are welcome/)).toBeTruthy();
  });

  it("calls anything under 8 characters very weak, whatever its letters", () => {
    render(<PasswordStrength password="Zq9!x" />);
    expect(meter().getAttribute("aria-valuetext")).toBe("Very weak");
    expect(screen.getByText(/· At least 8 characters\.$/)).toBeTruthy();
  });

  it("rates a common password weak and a passphrase strong, by zxcvbn (loaded on first use)", async () => {
    const { rerender } = render(<PasswordStrength password="password1" />);
    await waitFor(() => expect(meter().getAttribute("aria-valuetext")).toBe("Very weak"));
    rerender(<PasswordStrength password="correct horse battery staple" />);
    await waitFor(() => expect(meter().getAttribute("aria-valuetext")).toBe("Very strong"));
    expect(screen.getByText("Very strong")).toBeTruthy();
  });

  it("counts the username as a guessable word", async () => {
    render(<PasswordStrength password="margaretha1" userInputs={["margaretha1"]} />);
    await waitFor(() => expect(meter().getAttribute("aria-valuenow")).toBe("0"));
    await waitFor(() => expect(meter().getAttribute("aria-valuetext")).toBe("Very weak"));
  });
});
