import type { Domain } from 'node:domain';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';

/**
 * Runs a request handler outside the `node:domain` the Functions Framework (the server Cloud Run
 * functions run) opens for every request. While a domain is active, Node's async hooks track every
 * promise and callback created with a destroy hook and enter and leave the domain around each one:
 * a CPU profile of the host in a season gave about a quarter of its busy time to that, and more to
 * the garbage it leaves (docs/decisions/0074). A domain only
 * catches an error thrown synchronously in a callback; a rejected promise, which is how our async
 * code fails, reaches the framework's `unhandledRejection` handler with or without it. Outside any
 * domain (the Functions emulator, tests) this does nothing.
 */
export function outsideDomain(
  handler: (request: Request, response: Response) => unknown,
): (request: Request, response: Response) => void {
  return (request, response) => {
    (process as { domain?: Domain | null }).domain?.exit();
    handler(request, response);
  };
}
