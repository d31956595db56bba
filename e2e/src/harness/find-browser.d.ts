// Types of the widgets' browser finder (a plain ES module shared by every browser test).
declare module '@event-service/widgets/find-browser' {
  /** Flags for a headless Chromium on a machine without network. */
  export const CHROMIUM_ARGS: string[]
  /** Path of a Chromium executable; installs one when it can, unless `install` is false. */
  export function findBrowser(options?: { install?: boolean }): Promise<string>
}
