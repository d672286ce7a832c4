import type { ApiErrorBody, ErrorCode } from '@versus/domain/platform/errors';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode,
    readonly fields?: Record<string, string>,
    readonly details?: Record<string, number | string>,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return {
      message: this.message,
      statusCode: this.statusCode,
      ...(this.code ? { code: this.code } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, message, 'invalid-input', fields);
export const unauthenticated = () => new HttpError(401, 'Sign in to do this.', 'unauthenticated');
export const forbidden = () => new HttpError(403, 'You are not allowed to do this.', 'forbidden');
export const notFound = (what = 'That') => new HttpError(404, `${what} could not be found.`, 'not-found');
export const conflict = (message: string, code?: ErrorCode) => new HttpError(409, message, code);
