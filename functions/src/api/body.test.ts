import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody } from './body';
import { HttpError } from '../errors/http-error';

// The body kernel where our app parses bodies itself (the benchmark host, any plain Express host);
// under Cloud Functions the framework parses first and the API tests cover that path.
let base = '';
let close: () => void = () => {};

beforeAll(async () => {
  const app = express();
  app.use(jsonBody);
  app.post('/echo', (req, res) => {
    res.json({ body: req.body as unknown });
  });
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = error instanceof HttpError ? error.statusCode : ((error as { status?: number }).status ?? 500);
    res.status(status).json({ statusCode: status });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

/** A POST with the body streamed in chunks, so no Content-Length is sent. */
function chunked(body: string): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}/echo`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) as unknown }));
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 3));
    request.end(body.slice(3));
  });
}

describe('jsonBody', () => {
  it('reads a chunked JSON object although no length was declared', async () => {
    expect(await chunked('{"value":"x"}')).toEqual({ status: 200, json: { body: { value: 'x' } } });
  });

  it.each([
    ['null', 400],
    ['42', 400],
    ['"text"', 400],
    ['[1]', 400],
    ['{"__proto__":{"a":1}}', 400],
  ])('answers %s with %i', async (body, status) => {
    const response = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(status);
  });

  it('takes no body as an empty object and refuses text and 200 kB', async () => {
    expect(await (await fetch(`${base}/echo`, { method: 'POST' })).json()).toEqual({ body: {} });
    const text = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    expect(text.status).toBe(415);
    const large = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: 'x'.repeat(200 * 1024) }),
    });
    expect(large.status).toBe(413);
  });
});
