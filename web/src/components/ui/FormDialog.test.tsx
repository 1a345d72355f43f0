import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import { Field } from "./Field";
import { FormDialog } from "./FormDialog";

/** The dialog as a screen uses it: a field of its own, and a submit that waits for the test to finish it. */
function RenameForm({ onSubmit, onClose, error }: { onSubmit: () => Promise<void>; onClose: () => void; error: string | null }) {
  const [name, setName] = useState("");
  return (
    <FormDialog title="Rename" onClose={onClose} onSubmit={onSubmit} submitLabel="Rename" error={error}>
      <Field label="Name" value={name} onChange={setName} />
    </FormDialog>
  );
}

function renderForm(error: string | null = null) {
  let finish: () => void = () => {};
  const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const onClose = vi.fn();
  render(<RenameForm onSubmit={onSubmit} onClose={onClose} error={error} />);
  return { onSubmit, onClose, finish: () => act(async () => finish()) };
}

afterEach(cleanup);

describe("FormDialog", () => {
  it("sends the form once while it is under way: the button waits, then is ready again", async () => {
    const { onSubmit, finish } = renderForm();
    const form = screen.getByRole("dialog", { name: "Rename" }).querySelector("form")!;
    const button = screen.getByRole("button", { name: "Rename" }) as HTMLButtonElement;

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "notes.txt" } });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);
    expect(form.getAttribute("aria-busy")).toBe("true");

    await finish();
    expect(button.disabled).toBe(false);
    fireEvent.submit(form);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it("its submit button belongs to the form, Cancel closes without sending", () => {
    const { onSubmit, onClose } = renderForm();
    const form = screen.getByRole("dialog", { name: "Rename" }).querySelector("form")!;
    expect(screen.getByRole("button", { name: "Rename" }).getAttribute("form")).toBe(form.id);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says a problem of the whole form under its fields", () => {
    renderForm("Fill in the previous filter first.");
    expect(screen.getByRole("alert").textContent).toBe("Fill in the previous filter first.");
  });
});
