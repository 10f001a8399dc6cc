export { launchBrowserEnvironment, type LaunchBrowserOptions } from './launch.js';
export {
  CHROMIUM_FLAGS,
  DEFAULT_CHROMIUM_PATH,
  launchChromium,
  startDebuggableChromium,
  type DebuggableChromium,
} from './chromium.js';
export { attachBrowserEnvironment, type AttachBrowserOptions } from './attach.js';
export { BrowserEnvironment, type BrowserEnvironmentParts } from './browser-environment.js';
export {
  BrowserEnvironmentError,
  BrowserUnavailableError,
  BrowserNavigationError,
  CdpAttachError,
  BrowserClosedError,
  type CdpTargetSummary,
} from './errors.js';
export { normalizeKeyName } from './key-names.js';
