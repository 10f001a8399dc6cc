import { describe, expect, it } from 'vitest';
import * as environmentDesktop from '../src/index.js';

describe('public API of @sandpiper/env-desktop', () => {
  it('exports exactly these runtime names', () => {
    expect(Object.keys(environmentDesktop).sort()).toEqual([
      'DEFAULT_ACCESSIBILITY_LIMITS',
      'DEFAULT_PROGRAM_NAMES',
      'DesktopEnvironment',
      'DesktopEnvironmentError',
      'MAX_CLIPBOARD_BYTES',
      'attachDesktopEnvironment',
      'launchDesktopEnvironment',
      'mapAtspiRole',
      'parseLaunchTarget',
    ]);
  });
});
