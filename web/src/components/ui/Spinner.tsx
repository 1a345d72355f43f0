import { LoaderCircle } from "lucide-react";

export function Spinner({ className = "size-5" }: { className?: string }) {
  return <LoaderCircle aria-hidden className={`animate-spin text-zinc-400 ${className}`} />;
}

/** The centred full-size spinner shown while a page loads. */
export function FullPageSpinner() {
  return (
    <div role="status" aria-label="Loading" className="flex min-h-dvh w-full items-center justify-center">
      <Spinner className="size-8" />
    </div>
  );
}
