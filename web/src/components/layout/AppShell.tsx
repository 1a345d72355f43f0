// The page frame: sidebar on desktop, a drawer on phones, and one centred main column.
// (Skeleton: the Sidebar and header are being built.)
import type { ReactNode } from "react";

export function AppShell({ children, sidebar }: { children: ReactNode; sidebar?: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-6xl">
      {sidebar ? <aside className="hidden w-64 shrink-0 p-4 lg:block">{sidebar}</aside> : null}
      <main className="mx-auto w-full max-w-[680px] px-3 py-4 sm:px-4">{children}</main>
    </div>
  );
}
