import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { completionConfigSchema, detectorConfigSchema } from '@sandpiper/core';
import { reflectorMethods } from '@sandpiper/model-rules';
import { approvalPolicySchema, navigationPolicySchema, parseContract, UsageError } from '@sandpiper/protocol';
import { z } from 'zod';
import { modelsConfigSchema } from './model-config.js';

/** The optional configuration file, `sandpiper.config.json` in the working directory. */
export const configFileSchema = z
  .object({
    /** Where runs, screenshots and reports are kept. */
    dataDir: z.string().min(1).optional(),
    /** Show the browser window on an X display instead of running headless. */
    headed: z.boolean().optional(),
    /** X display for headed mode, such as ":99". */
    display: z
      .string()
      .regex(/^:\d+(\.\d+)?$/)
      .optional(),
    approval: approvalPolicySchema.optional(),
    /**
     * Which addresses runs may open: http and https, plus `allowSchemes` (`file`, `data`…, each still
     * approved as a sensitive action); with `allowHosts`, only those hosts, for clicks as well.
     */
    navigation: navigationPolicySchema.optional(),
    /** Use the accessibility snapshot when the environment offers one; false forces OCR. */
    accessibility: z.boolean().optional(),
    budgets: z
      .object({
        maxActions: z.number().int().positive().optional(),
        maxAttemptsPerStep: z.number().int().positive().max(20).optional(),
        maxDurationMs: z.number().int().positive().optional(),
        /** Most model tokens (input plus output, every role) a run may use; absent for no limit. */
        maxModelTokens: z.number().int().positive().max(1_000_000_000).optional(),
        /** Most a run's model calls may cost, in US dollars by the price table; absent for no limit. */
        maxCostUsd: z.number().positive().max(100_000).optional(),
      })
      .strict()
      .optional(),
    /** How the built-in engine checks a step's effect: `evidence-first` (default) or the `one-shot` baseline. */
    reflector: z.enum(reflectorMethods).optional(),
    /** The completion gate and judge (see the README); every field optional, defaults documented there. */
    completion: completionConfigSchema.partial().strict().optional(),
    /** Thresholds of the stuck detectors and the loop breaker; every field optional. */
    detectors: detectorConfigSchema.partial().optional(),
    /** Which model serves which role, and the price table; absent: the built-in rules engine (offline). */
    models: modelsConfigSchema.optional(),
  })
  .strict();
export type ConfigFile = z.infer<typeof configFileSchema>;

export const CONFIG_FILE_NAME = 'sandpiper.config.json';

/** Read and validate the configuration file; absent file means defaults. */
export function loadConfigFile(cwd: string): ConfigFile {
  const file = path.join(cwd, CONFIG_FILE_NAME);
  if (!existsSync(file)) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error: unknown) {
    throw new UsageError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseContract(configFileSchema, raw, `configuration in ${file}`);
}

/** The data directory: the flag, then SANDPIPER_DATA_DIR, then the config file, then ./.sandpiper. */
export function resolveDataDir(
  cwd: string,
  flag: string | undefined,
  config: ConfigFile,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  return path.resolve(cwd, flag ?? env['SANDPIPER_DATA_DIR'] ?? config.dataDir ?? '.sandpiper');
}
