import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { failure, type ApiFailure } from './http-io.js';

/** Shortest token `startServer` accepts from its caller; generated tokens are 43 characters. */
export const MIN_TOKEN_LENGTH = 16;

/** A fresh access token: 32 random bytes, URL-safe so it can travel in `?token=`. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Where the token may come from for one request. */
export interface TokenSources {
  readonly headers: IncomingHttpHeaders;
  readonly url: URL;
  /** Accept `?token=` as well as the header (WebSocket upgrades and `<img>` URLs cannot set headers). */
  readonly allowQuery: boolean;
}

/**
 * Checks requests against the server's token and origin. The token is kept only as a digest, so
 * comparing takes the same time whatever the guess, and it never reaches a log or an error message.
 */
export interface Gate {
  /**
   * The Host and Origin checks: undefined when they pass, the 403 answer otherwise. The Host check
   * stops DNS rebinding (a foreign name pointed at 127.0.0.1 makes its pages same-origin with us,
   * and same-origin GETs carry no Origin header).
   */
  checkOrigin(headers: IncomingHttpHeaders): ApiFailure | undefined;
  /** The token check: undefined when it passes, the 401 answer otherwise. */
  checkToken(sources: TokenSources): ApiFailure | undefined;
}

export function createGate(token: string, allowedOrigins: readonly string[], checkHost: boolean): Gate {
  const expected = digest(token);
  const origins = new Set(allowedOrigins.map((origin) => origin.toLowerCase()));
  const hosts = new Set([...origins].map((origin) => new URL(origin).host));
  return {
    checkOrigin(headers) {
      const host = headers.host?.toLowerCase();
      if (checkHost && (host === undefined || !hosts.has(host))) {
        return failure(
          403,
          `Requests for the host ${JSON.stringify(host ?? '')} are not allowed; use the server's own address.`,
        );
      }
      const origin = headers.origin;
      // Requests from a page always carry an Origin for POST and WebSocket; tools such as curl send none.
      if (origin === undefined) return undefined;
      if (origins.has(origin.toLowerCase())) return undefined;
      return failure(
        403,
        `Requests from the origin ${JSON.stringify(origin)} are not allowed; open the UI from the server's own address.`,
      );
    },
    checkToken({ headers, url, allowQuery }) {
      const given = bearer(headers.authorization) ?? (allowQuery ? url.searchParams.get('token') : null);
      if (given === null || given === undefined || given === '') {
        return failure(
          401,
          allowQuery
            ? 'This needs the access token: send "Authorization: Bearer <token>" or add ?token=<token>.'
            : 'This needs the access token: send "Authorization: Bearer <token>".',
        );
      }
      if (!timingSafeEqual(digest(given), expected)) return failure(401, 'The access token is wrong.');
      return undefined;
    },
  };
}

/**
 * The origins a page served by this server can have: its loopback names and, if different, the
 * bound host. A server bound to every interface (`0.0.0.0`) can be reached under names it cannot
 * know, so only there the Host header is not checked.
 */
export function allowedOriginsFor(host: string, port: number): { origins: string[]; checkHost: boolean } {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]']);
  const unspecified = isUnspecified(host);
  if (!unspecified) names.add(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  return { origins: [...names].map((name) => `http://${name}:${port}`), checkHost: !unspecified };
}

function isUnspecified(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '';
}

function bearer(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
