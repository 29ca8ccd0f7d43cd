// Electron's fuses, flipped in the packaged binary (electron-builder's `electronFuses`, which runs
// @electron/fuses just before signing; see electron-builder.ts). With RunAsNode on, any local
// process could run `Showroom --run-as-node` (or ELECTRON_RUN_AS_NODE=1) as the signed app, load
// its own script and read the keychain item the OS trusts Showroom with; NODE_OPTIONS and
// --inspect would do the same. The app code must come from the (integrity-checked) archive only.
// The keys are electron-builder's FuseOptionsV1 names.
export const SHIPPED_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  // Cookies encrypted at rest with the OS keychain's key (Electron's recommendation; we keep none
  // of our own, but Chromium's session data should not be readable by another process either).
  enableCookieEncryption: true,
  // The ad-hoc signature of an unsigned macOS arm64 build is invalidated by the flip: redo it.
  resetAdHocDarwinSignature: true,
} as const;
