import { useToasts } from "../../state/toast";

const TONE = {
  success: "border-green-600/30 text-green-700 dark:text-green-400",
  error: "border-red-600/30 text-red-700 dark:text-red-400",
  info: "border-zinc-300 text-zinc-700 dark:border-zinc-600 dark:text-zinc-200",
};

export function Toaster() {
  const { toasts, dismiss } = useToasts();
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-[100] flex flex-col items-center gap-2 px-3">
      {toasts.map((toast) => (
        <button
          key={toast.id}
          type="button"
          role={toast.kind === "error" ? "alert" : "status"}
          onClick={() => dismiss(toast.id)}
          className={`pointer-events-auto max-w-md rounded-lg border bg-white px-4 py-2 text-sm shadow-sm dark:bg-zinc-800 ${TONE[toast.kind]}`}
        >
          {toast.message}
        </button>
      ))}
    </div>
  );
}
