import type { ModelEnvironment } from '@sandpiper/models';

/**
 * Fake keys, passed to the runtime (which strips them from everything it stores) and to the
 * clients. The hostile server never checks them; they exist so the keyed providers run at all,
 * and so that the bench can look for them where they must never appear.
 */
export const FAKE_KEYS: ModelEnvironment = {
  OPENAI_API_KEY: 'sk-bench-fake-openai-key-000000',
  ANTHROPIC_API_KEY: 'sk-ant-bench-fake-anthropic-key-000000',
};

/** Planted by the injection cases in text the report shows; it must come out escaped. */
export const SCRIPT_MARKER = '<script>alert("sandpiper-bench")</script>';
