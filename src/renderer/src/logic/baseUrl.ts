// Checks on the portal address the dealer types, before anything is sent.

export type BaseUrlCheck = { valid: false } | { valid: true; pathWarning: boolean; insecure: boolean };

/** The integration API lives under a path ending in `integration/v2` (portal-api-v2.md). */
export function checkBaseUrl(text: string): BaseUrlCheck {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { valid: false };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { valid: false };
  const path = url.pathname.replace(/\/+$/, '');
  return { valid: true, pathWarning: !/(^|\/)integration\/v2$/i.test(path), insecure: url.protocol === 'http:' };
}
