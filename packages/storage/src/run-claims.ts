import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * How long a claim holds without renewal, in milliseconds. The driving process renews it three
 * times per lease; a process on another machine that stopped renewing is taken to be gone once it
 * runs out. On this machine a dead process is seen at once (its pid no longer exists).
 */
export const CLAIM_LEASE_MS = 30_000;

/** The stored row of the process that drives a run. */
export interface ClaimRow {
  readonly host: string;
  readonly pid: number;
  readonly token: string;
  readonly lease_until: number;
}

/** Who this process is, as claims record it. */
export interface ClaimOwner {
  readonly host: string;
  readonly pid: number;
}

export const thisProcess = (): ClaimOwner => ({ host: hostname(), pid: process.pid });

export function newClaimToken(): string {
  return randomBytes(12).toString('hex');
}

/**
 * Whether the process that claimed a run still drives it: its lease has not run out and, when it
 * is on this machine, its pid still exists. (A pid the system gave to a new process would read as
 * alive until the lease runs out; that only delays the "interrupted" reading.)
 */
export function claimIsLive(claim: ClaimRow | undefined, now: number, self: ClaimOwner = thisProcess()): boolean {
  if (claim === undefined || claim.lease_until <= now) return false;
  if (claim.host !== self.host) return true;
  if (claim.pid === self.pid) return true;
  return processExists(claim.pid);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error: unknown) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function describeOwner(claim: ClaimRow): string {
  return `${claim.pid} on ${claim.host}`;
}
