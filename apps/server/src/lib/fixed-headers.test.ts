import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { applyFixedHeaders, fixedHeadersOf } from './fixed-headers.js';

const newResponse = () => new ServerResponse(new IncomingMessage(new Socket()));

describe('fixed headers (issue 42 item 1)', () => {
  it('writes what helmet writes on a real answer, read once', () => {
    const middleware = helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], baseUri: ["'none'"], upgradeInsecureRequests: [] } }, hsts: { maxAge: 31_536_000, includeSubDomains: true }, crossOriginEmbedderPolicy: false });
    const byHelmet = newResponse();
    byHelmet.setHeader('X-Powered-By', 'something');
    middleware(byHelmet.req, byHelmet, () => {});
    const fixed = fixedHeadersOf(middleware);
    const byFixed = newResponse();
    byFixed.setHeader('X-Powered-By', 'something');
    applyFixedHeaders(byFixed, fixed);
    expect(byFixed.getHeaders()).toEqual(byHelmet.getHeaders());
    expect(byFixed.getHeader('content-security-policy')).toContain("base-uri 'none'");
    expect(byFixed.getHeader('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(byFixed.hasHeader('x-powered-by')).toBe(false);
  });

  it('refuses a middleware that does not finish at once, or fails', () => {
    expect(() => fixedHeadersOf((_request, _response, next) => void setTimeout(next, 1))).toThrow(/cannot be read once/);
    expect(() => fixedHeadersOf((_request, _response, next) => next(new Error('no')))).toThrow(/cannot be read once/);
  });
});
