import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy, generatedHeaderRules, headersFile, scriptHashSource } from './headers.ts';

const directives = (policy: string) =>
  new Map(policy.split('; ').map((part) => {
    const [name, ...sources] = part.split(' ');
    return [name!, sources];
  }));

describe('contentSecurityPolicy', () => {
  const policy = directives(contentSecurityPolicy({ supabaseUrl: 'https://abc.supabase.co/' }));

  test('forbids plugins, <base> rewriting and framing by other sites', () => {
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  test('runs scripts only from the site itself', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  test('allows inline style attributes but no other style origins', () => {
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  test('lets the browser talk to the deployment\'s Supabase project by its origin', () => {
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://abc.supabase.co']);
  });

  test('lets forms post to the site and to Supabase Auth', () => {
    expect(policy.get('form-action')).toEqual(["'self'", 'https://abc.supabase.co/auth/v1/']);
  });

  test('shows images from the site, data URLs, any https host and Supabase', () => {
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:', 'https://abc.supabase.co']);
  });

  test('names a local Supabase stand-in with its port', () => {
    const local = directives(contentSecurityPolicy({ supabaseUrl: 'http://localhost:54321' }));
    expect(local.get('connect-src')).toEqual(["'self'", 'http://localhost:54321']);
  });

  test('allows each inline framework script by its sha256 hash, once', () => {
    const script = '(()=>{self.Astro={}})();';
    const expected = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const withScripts = directives(contentSecurityPolicy({ supabaseUrl: 'https://abc.supabase.co', inlineScripts: [script, script] }));
    expect(withScripts.get('script-src')).toEqual(["'self'", expected]);
  });

  test('says what to set when the Supabase URL is not a URL', () => {
    expect(() => contentSecurityPolicy({ supabaseUrl: 'abc.supabase.co' })).toThrow(/PUBLIC_SUPABASE_URL 'abc.supabase.co' is not a URL/);
    expect(() => contentSecurityPolicy({ supabaseUrl: 'ftp://abc.supabase.co' })).toThrow(/must be an http\(s\) URL/);
  });
});

describe('scriptHashSource', () => {
  test('hashes the exact UTF-8 text of the script', () => {
    expect(scriptHashSource('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });
});

describe('headersFile', () => {
  test('writes a path line followed by indented header lines', () => {
    expect(headersFile([{ path: '/*', headers: { 'X-One': 'a', 'X-Two': 'b c' } }])).toBe('/*\n  X-One: a\n  X-Two: b c\n');
  });

  test('separates rules with a blank line', () => {
    expect(headersFile([{ path: '/a', headers: { X: '1' } }, { path: '/b', headers: { Y: '2' } }])).toBe('/a\n  X: 1\n\n/b\n  Y: 2\n');
  });

  test('refuses a value with a line break, which would end the rule early', () => {
    expect(() => headersFile([{ path: '/*', headers: { X: 'a\nb' } }])).toThrow(/X for \/\* contains a line break/);
  });
});

describe('generatedHeaderRules', () => {
  test('puts the policy on every path', () => {
    const file = headersFile(generatedHeaderRules({ supabaseUrl: 'https://abc.supabase.co' }));
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self'; .*object-src 'none'\n$/);
  });
});
