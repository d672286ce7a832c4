import { ValidationError, type Schema } from 'yup';

/**
 * Every problem of a form's value by field (the first message of each; a list's item counts as the
 * list), from domain's schema, the one the API checks it with: `{}` when there is none.
 */
export function schemaProblems(schema: Schema, value: unknown, context?: object): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false, context });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const problems: Record<string, string> = {};
    for (const inner of error.inner) {
      const field = (inner.path ?? '_').replace(/\[\d+\]$/, '').split('.')[0]!;
      problems[field] ??= inner.message;
    }
    return problems;
  }
}
