import { describe, expect, it } from 'vitest';
import { checkAddress, hostMatches, navigationPolicySchema, resolveAddress } from './navigation.js';

describe('resolveAddress', () => {
  it('keeps absolute addresses, reads paths against the page and bare hosts as http', () => {
    expect(resolveAddress('https://example.org/a', 'http://other.test/')).toBe('https://example.org/a');
    expect(resolveAddress('file:///etc/passwd', 'http://other.test/')).toBe('file:///etc/passwd');
    expect(resolveAddress('javascript:alert(1)', 'http://other.test/')).toBe('javascript:alert(1)');
    expect(resolveAddress('/settings', 'http://127.0.0.1:8080/home')).toBe('http://127.0.0.1:8080/settings');
    expect(resolveAddress('example.com/path', 'about:blank')).toBe('http://example.com/path');
    expect(resolveAddress('localhost:3000', undefined)).toBe('http://localhost:3000/');
    expect(resolveAddress('http://[bad', undefined)).toBeUndefined();
  });
});

describe('checkAddress', () => {
  it('opens the web by default and refuses other schemes, saying how to allow them', () => {
    expect(checkAddress('https://example.org/', undefined)).toEqual({ allowed: true });
    expect(checkAddress('about:blank', undefined)).toEqual({ allowed: true });
    for (const address of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'chrome://settings/']) {
      const verdict = checkAddress(address, undefined);
      expect(verdict.allowed).toBe(false);
      if (!verdict.allowed) expect(verdict.reason).toContain('navigation.allowSchemes');
    }
  });

  it('opens a scheme the policy allows', () => {
    expect(checkAddress('file:///tmp/page.html', { allowSchemes: ['file'] })).toEqual({ allowed: true });
    expect(checkAddress('data:text/html,hi', { allowSchemes: ['file'] }).allowed).toBe(false);
  });

  it('always allows the address the run started on', () => {
    expect(checkAddress('file:///tmp/page.html', undefined, 'file:///tmp/page.html')).toEqual({ allowed: true });
    expect(checkAddress('file:///etc/passwd', undefined, 'file:///tmp/page.html').allowed).toBe(false);
  });

  it('keeps to the allowed hosts and the start host when hosts are listed', () => {
    const policy = navigationPolicySchema.parse({ allowHosts: ['*.Example.org', '127.0.0.1'] });
    expect(checkAddress('https://example.org/', policy).allowed).toBe(true);
    expect(checkAddress('https://docs.example.org/x', policy).allowed).toBe(true);
    expect(checkAddress('http://127.0.0.1:9999/', policy).allowed).toBe(true);
    expect(checkAddress('https://start.test/other', policy, 'https://start.test/').allowed).toBe(true);
    const verdict = checkAddress('https://evil.test/', policy, 'https://start.test/');
    expect(verdict).toEqual({
      allowed: false,
      reason: expect.stringContaining('evil.test is not among the allowed hosts') as unknown as string,
    });
    // notexample.org is not a subdomain of example.org.
    expect(hostMatches('notexample.org', '*.example.org')).toBe(false);
  });
});

describe('navigationPolicySchema', () => {
  it('refuses schemes with colons and hosts with schemes, ports or paths', () => {
    expect(navigationPolicySchema.safeParse({ allowSchemes: ['file:'] }).success).toBe(false);
    for (const host of ['https://example.org', 'example.org:80', 'example.org/path', '']) {
      expect(navigationPolicySchema.safeParse({ allowHosts: [host] }).success).toBe(false);
    }
    expect(navigationPolicySchema.safeParse({ allowHosts: [] }).success).toBe(false);
    expect(navigationPolicySchema.safeParse({ allowed: ['file'] }).success).toBe(false);
    expect(navigationPolicySchema.parse({ allowSchemes: ['FILE'] })).toEqual({ allowSchemes: ['file'] });
  });
});
