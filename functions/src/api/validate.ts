import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { badRequest } from './http-error';

/** Parses a body with a shared domain schema; 400 with per-field message keys otherwise. */
export async function parseBody<S extends AnyObjectSchema>(schema: S, body: unknown): Promise<InferType<S>> {
  try {
    return await schema.validate(body ?? {}, { abortEarly: false, stripUnknown: false });
  } catch (error) {
    if (error instanceof ValidationError) {
      const fields: Record<string, string> = {};
      for (const inner of error.inner.length ? error.inner : [error]) {
        const key = inner.path || '_';
        fields[key] ??= String(inner.message);
      }
      throw badRequest('The request is not valid.', fields);
    }
    throw error;
  }
}
