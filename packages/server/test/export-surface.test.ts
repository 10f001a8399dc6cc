import { describe, expect, it } from 'vitest';
import * as server from '../src/index.js';

describe('public API', () => {
  it('exports exactly these runtime values', () => {
    expect(Object.keys(server).sort()).toEqual([
      'MIN_TOKEN_LENGTH',
      'RUN_ENDED_CLOSE',
      'ServerStartError',
      'startServer',
    ]);
  });
});
