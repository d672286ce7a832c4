import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler';
import { HttpError } from '../errors/http-error';

// What a caller hears when a handler fails, whatever the failure was.
let base = '';
let close: () => void = () => {};

const failures: Record<string, () => unknown> = {
  http: () => new HttpError(409, 'That battle has already started.', 'battle-wrong-stage'),
  aborted: () => Object.assign(new Error('10 ABORTED: Transaction lock timeout'), { code: 10 }),
  deadline: () => Object.assign(new Error('4 DEADLINE_EXCEEDED'), { code: 4 }),
  unavailable: () => Object.assign(new Error('14 UNAVAILABLE'), { code: 14 }),
  bug: () => new TypeError("Cannot read properties of undefined (reading 'x')"),
};

beforeAll(async () => {
  const app = express();
  app.get('/:failure', (req) => {
    const failure = failures[req.params.failure];
    throw failure ? failure() : new Error('unknown failure');
  });
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const answer = async (failure: string) => {
  const response = await fetch(`${base}/${failure}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('errorHandler', () => {
  it('sends an HttpError as it is', async () => {
    expect(await answer('http')).toEqual({
      status: 409,
      body: { message: 'That battle has already started.', statusCode: 409, code: 'battle-wrong-stage' },
    });
  });

  it('tells the caller to retry when the database gave up or was busy, never 500', async () => {
    expect(await answer('aborted')).toMatchObject({ status: 409, body: { statusCode: 409, code: 'busy' } });
    expect(await answer('deadline')).toMatchObject({ status: 503, body: { statusCode: 503, code: 'busy' } });
    expect(await answer('unavailable')).toMatchObject({ status: 503, body: { statusCode: 503, code: 'busy' } });
  });

  it('hides the details of a bug behind a plain 500', async () => {
    const { status, body } = await answer('bug');
    expect(status).toBe(500);
    expect(body).toEqual({ message: 'Something went wrong. Try again later.', statusCode: 500, code: 'internal' });
  });
});
