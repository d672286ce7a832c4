import { create, type Domain } from 'node:domain';
import { describe, expect, it } from 'vitest';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { outsideDomain } from './outside-domain';

const activeDomain = () => (process as { domain?: Domain | null }).domain ?? null;

describe('outsideDomain', () => {
  it('runs the handler, and what it starts, outside the domain the Functions Framework opens per request', async () => {
    const seen: { during: Domain | null; later: Domain | null; request?: Request } = { during: null, later: null };
    const handler = outsideDomain((request) => {
      seen.request = request;
      seen.during = activeDomain();
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          seen.later = activeDomain();
          resolve();
        }, 1),
      );
    });
    const request = { path: '/noop' } as Request;
    const domain = create();
    // As the framework's wrapHttpFunction does: d.run(() => process.nextTick(() => execute(req, res))).
    await new Promise<void>((resolve) =>
      domain.run(() =>
        process.nextTick(() => {
          expect(activeDomain()).toBe(domain);
          handler(request, {} as Response);
          setTimeout(resolve, 20);
        }),
      ),
    );
    expect(seen.request).toBe(request);
    expect(seen.during).toBeNull();
    expect(seen.later).toBeNull();
  });
});
