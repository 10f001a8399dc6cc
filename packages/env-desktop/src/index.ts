export {
  launchDesktopEnvironment,
  attachDesktopEnvironment,
  type DesktopOptions,
  type LaunchDesktopOptions,
  type AttachDesktopOptions,
} from './launch-desktop.js';
export { DesktopEnvironment } from './desktop-environment.js';
export { DesktopEnvironmentError, type DesktopFailure } from './errors.js';
export { DEFAULT_ACCESSIBILITY_LIMITS, type AccessibilityLimits } from './accessibility-reader.js';
export { mapAtspiRole } from './accessibility-roles.js';
export { DEFAULT_PROGRAM_NAMES, parseLaunchTarget, type ParsedLaunch } from './launcher.js';
export type { OpenOutcome } from './open-program.js';
export type { DesktopWindow, WindowMatch } from './windows.js';
export type { InputBackend } from './input-device.js';
export type { CaptureTransport } from './screen-capture.js';
export { MAX_CLIPBOARD_BYTES } from './clipboard.js';
