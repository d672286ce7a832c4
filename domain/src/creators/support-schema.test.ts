import { describe, expect, it } from 'vitest';
import { CREATOR_CODE_MAX, supportCreatorSchema } from './support-schema';

const check = (creatorCode: string) =>
  supportCreatorSchema.validate({ creatorCode }).then(
    () => 'ok',
    (error: { message: string }) => error.message,
  );

describe('a creator code as typed', () => {
  it('is refused empty, and longer than any code with its own message', async () => {
    expect(await check('   ')).toBe('validation.required');
    expect(await check('C'.repeat(CREATOR_CODE_MAX + 1))).toBe('validation.creator-code-max');
    expect(await check(` ${'c'.repeat(CREATOR_CODE_MAX)} `)).toBe('ok');
  });
});
