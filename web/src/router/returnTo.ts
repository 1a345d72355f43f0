/** Where to go after signing in: `?next=` when it is a path of this app (never another origin), else home. */
export function returnTo(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) ? next : "/";
}
