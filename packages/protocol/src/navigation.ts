import { z } from 'zod';

/** Schemes every run may open: the web. Anything else needs the configuration's allow. */
export const WEB_SCHEMES: readonly string[] = ['http', 'https'];

/** `example.org`, `*.example.org` (the host and every subdomain), `127.0.0.1`, `[::1]`. */
const hostPatternSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(\*\.)?([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/, {
    message: 'must be a host name such as example.org or *.example.org, without a scheme, port or path',
  });

/**
 * Which addresses an `open` may reach, and, with `allowHosts`, which hosts the page may navigate
 * to at all. The address the person started the run on is always allowed: they named it.
 */
export const navigationPolicySchema = z.strictObject({
  /** Schemes allowed besides http and https (`file`, `data`, `chrome`…); each still passes the action guard. */
  allowSchemes: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z][a-z0-9+.-]{0,31}$/, { message: 'must be a scheme name such as file, without the colon' }),
    )
    .max(32)
    .optional(),
  /** When given, only these hosts (and the start address's host) may be opened or navigated to. */
  allowHosts: z.array(hostPatternSchema).min(1).max(256).optional(),
});
export type NavigationPolicy = z.infer<typeof navigationPolicySchema>;

/**
 * Resolve what an `open` action names into an absolute address. Absolute URLs stay as they are;
 * anything else is a path relative to the current page when that page came from http(s) or a
 * file, and a bare host (`example.com/path`, `localhost:3000`) otherwise. Undefined when it is no
 * address at all.
 */
export function resolveAddress(target: string, currentUrl: string | undefined): string | undefined {
  const trimmed = target.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || /^(about|data|blob|javascript|mailto):/i.test(trimmed)) {
    return parseUrl(trimmed);
  }
  if (currentUrl !== undefined && /^(https?|file):/i.test(currentUrl)) return parseUrl(trimmed, currentUrl);
  return parseUrl(`http://${trimmed}`);
}

function parseUrl(text: string, base?: string): string | undefined {
  try {
    return new URL(text, base).href;
  } catch {
    return undefined;
  }
}

export type AddressVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

/**
 * Whether the policy lets a run reach `address` (absolute). `start` is the address the run was
 * started on, allowed whatever the policy says. `about:blank` is always allowed: it shows nothing.
 */
export function checkAddress(address: string, policy: NavigationPolicy | undefined, start?: string): AddressVerdict {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { allowed: false, reason: `'${clip(address)}' is not an address` };
  }
  if (url.href === 'about:blank' || (start !== undefined && sameDocument(url, start))) return { allowed: true };
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  const schemes = [...WEB_SCHEMES, ...(policy?.allowSchemes ?? [])];
  if (!schemes.includes(scheme)) {
    return {
      allowed: false,
      reason:
        `${scheme}: addresses are not opened (only ${schemes.join(', ')}); ` +
        `to allow them, add "${scheme}" to navigation.allowSchemes in the configuration`,
    };
  }
  const hosts = policy?.allowHosts;
  if (hosts === undefined || !WEB_SCHEMES.includes(scheme)) return { allowed: true };
  const host = url.hostname.toLowerCase();
  const startHost = start === undefined ? undefined : hostOf(start);
  if (host === startHost || hosts.some((pattern) => hostMatches(host, pattern))) return { allowed: true };
  return {
    allowed: false,
    reason: `${host} is not among the allowed hosts (${hosts.join(', ')}); navigation.allowHosts in the configuration lists them`,
  };
}

/** Whether `host` is the pattern's host, or, for `*.example.org`, it or one of its subdomains. */
export function hostMatches(host: string, pattern: string): boolean {
  const wanted = pattern.toLowerCase();
  if (!wanted.startsWith('*.')) return host === wanted;
  const base = wanted.slice(2);
  return host === base || host.endsWith(`.${base}`);
}

function sameDocument(url: URL, start: string): boolean {
  try {
    const begun = new URL(start);
    return begun.origin === url.origin && begun.pathname === url.pathname && begun.protocol === url.protocol;
  } catch {
    return false;
  }
}

function hostOf(address: string): string | undefined {
  try {
    return new URL(address).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
