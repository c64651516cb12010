/** Navigation outside React (the HTTP client's session end); the router binds itself on start. */
type Navigate = (to: string, opts?: { replace?: boolean }) => unknown;

let navigator: Navigate | null = null;

export function bindNavigator(next: Navigate | null): void {
  navigator = next;
}

export function navigateTo(to: string, opts: { replace?: boolean } = {}): void {
  if (navigator) void navigator(to, opts);
  else window.location.assign(to);
}
