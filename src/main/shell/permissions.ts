// The renderer needs no browser permission (camera, notifications, geolocation, clipboard-read…):
// every request and every check is refused. A function rather than a literal `false` so the
// decision is named, tested and easy to find if a permission is ever needed.
export function permissionDecision(_permission: string): boolean {
  return false;
}
