#!/usr/bin/env node
// Entry point: loads the TypeScript sources through tsx, so a clean checkout runs without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../packages/cli/src/main.ts');
process.exitCode = await main(process.argv.slice(2));
