import { describe, expect, it } from 'vitest';
import * as environmentBrowser from '../src/index.js';

describe('public API of @sandpiper/env-browser', () => {
  it('exports exactly these runtime names', () => {
    expect(Object.keys(environmentBrowser).sort()).toEqual([
      'BrowserClosedError',
      'BrowserEnvironment',
      'BrowserEnvironmentError',
      'BrowserNavigationError',
      'BrowserUnavailableError',
      'CHROMIUM_FLAGS',
      'CdpAttachError',
      'DEFAULT_CHROMIUM_PATH',
      'attachBrowserEnvironment',
      'launchBrowserEnvironment',
      'launchChromium',
      'normalizeKeyName',
      'startDebuggableChromium',
    ]);
  });
});
