import type { NextFunction, Request, Response } from 'express';
import { ValidationError, type AnyObjectSchema, type InferType, type Schema } from 'yup';
import { textProblem } from '@versus/domain/platform/text';
import { badRequest } from '../errors/http-error';
import { documentId } from '../platform/ids';

type Problems = Record<string, string>;

interface Described {
  type: string;
  fields?: Record<string, Schema>;
  innerType?: Schema;
}

/**
 * Checks every value against the type its schema declares before yup sees it: yup would cast `42`
 * to "42", `"true"` to true, and its trim() on an array throws, which was a 500. Strings are also
 * checked for invisible-only text and bidi controls (domain/platform/text).
 */
function typeProblems(schema: Schema, value: unknown, path: string, problems: Problems): void {
  if (value === undefined || value === null) return;
  const { type, fields, innerType } = schema as unknown as Described;
  const report = (key: string) => {
    problems[path || '_'] ??= key;
  };
  switch (type) {
    case 'object':
      if (!isPlainObject(value)) return report('validation.type');
      for (const [key, field] of Object.entries(fields ?? {}))
        typeProblems(field, value[key], path ? `${path}.${key}` : key, problems);
      return;
    case 'array':
      if (!Array.isArray(value)) return report('validation.type');
      if (innerType) value.forEach((item, index) => typeProblems(innerType, item, `${path}[${index}]`, problems));
      return;
    case 'string': {
      if (typeof value !== 'string') return report('validation.type');
      const problem = textProblem(value);
      if (problem) report(problem);
      return;
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) report('validation.type');
      return;
    case 'boolean':
      if (typeof value !== 'boolean') report('validation.type');
      return;
    default:
  }
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/**
 * The body checked as a middleware, before anything that reads or writes (an account's read, an
 * Idempotency-Key's reservation): bad input costs no Firestore call (DESIGN §8). The handler reads
 * the parsed body (`req.body`, cast by the schema) or parses it again.
 */
export const validBody =
  (
    schema: AnyObjectSchema | ((req: Request) => AnyObjectSchema),
    /** The schema's validation context (a tournament's `{now}`). */
    context?: () => Record<string, unknown>,
  ) =>
  async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    req.body = await parseBody(typeof schema === 'function' ? schema(req) : schema, req.body, context?.());
    next();
  };

/**
 * The route's path ids checked as a middleware (platform/ids `documentId`: 404 for anything that
 * cannot be a document id), before anything that reads or writes: an Idempotency-Key's reservation
 * or record is never touched for a malformed id.
 */
export const validIds =
  (what: Record<string, string>) =>
  (req: Request, _res: Response, next: NextFunction): void => {
    for (const [name, thing] of Object.entries(what)) documentId(req.params[name], thing);
    next();
  };

/** Parses a body with a shared domain schema; 400 with per-field message keys otherwise. */
export async function parseBody<S extends AnyObjectSchema>(
  schema: S,
  body: unknown,
  context?: Record<string, unknown>,
): Promise<InferType<S>> {
  const input = body ?? {};
  if (!isPlainObject(input)) throw badRequest('The request body must be a JSON object.');
  const problems: Problems = {};
  typeProblems(schema, input, '', problems);
  if (Object.keys(problems).length > 0) throw badRequest('The request is not valid.', problems);
  try {
    return await schema.validate(input, { abortEarly: false, stripUnknown: false, context });
  } catch (error) {
    if (error instanceof ValidationError) {
      const fields: Problems = {};
      for (const inner of error.inner.length ? error.inner : [error]) {
        const key = inner.path || '_';
        fields[key] ??= String(inner.message);
      }
      throw badRequest('The request is not valid.', fields);
    }
    throw error;
  }
}

/**
 * Query strings carry only text: numbers and booleans the schema declares are read from their
 * plain spelling ("8", "true") and anything else, a repeated parameter included, fails the type check.
 */
export async function parseQuery<S extends AnyObjectSchema>(schema: S, query: unknown): Promise<InferType<S>> {
  const input = isPlainObject(query) ? { ...query } : {};
  const { fields } = schema as unknown as Described;
  for (const [key, field] of Object.entries(fields ?? {})) {
    const value = input[key];
    if (typeof value !== 'string') continue;
    const { type } = field as unknown as Described;
    if (type === 'number' && /^-?\d+(\.\d+)?$/.test(value)) input[key] = Number(value);
    if (type === 'boolean' && (value === 'true' || value === 'false')) input[key] = value === 'true';
  }
  return parseBody(schema, input);
}
