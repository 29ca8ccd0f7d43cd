// The app's identity, one place for the app and its packaging (electron-builder.ts): the id
// Windows groups windows and notifications under (the installer's shortcut carries the same one),
// the macOS bundle id, the Linux desktop entry (whose name is the Wayland app id).
export const APP_ID = 'app.showroom.desktop';
export const PRODUCT_NAME = 'Showroom';
/** The installed command and executable on Linux; the desktop entry is `<this>.desktop` (package.json desktopName). */
export const EXECUTABLE_NAME = 'showroom';

/** Windows AppUserModelID: a development run gets its own, so its windows are not grouped with the installed app's. */
export function appUserModelId(packaged: boolean): string {
  return packaged ? APP_ID : `${APP_ID}.development`;
}
