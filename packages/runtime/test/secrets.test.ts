import { describe, expect, it } from 'vitest';
import { secretsFrom } from '../src/index.js';

describe('secrets bound from the environment', () => {
  it('binds SANDPIPER_SECRET_<NAME> to the placeholder {{name}}, and nothing else', () => {
    const bound = secretsFrom({
      SANDPIPER_SECRET_PASSWORD: 'hunter2-long',
      SANDPIPER_SECRET_API_KEY: 'sk-123456',
      SANDPIPER_SECRET_EMPTY: '',
      OPENAI_API_KEY: 'not a task secret',
    });
    expect([...bound]).toEqual([
      ['password', 'hunter2-long'],
      ['api_key', 'sk-123456'],
    ]);
  });
});
