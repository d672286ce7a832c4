import { describe, expect, it } from 'vitest';
import { connectionSchema } from './connections-schema';

const check = (platform: 'discord' | 'epic', value: string) =>
  connectionSchema(platform)
    .validate({ value })
    .then(
      () => 'ok',
      (error: { message: string }) => error.message,
    );

describe('connection rules', () => {
  it("takes Discord's usernames, new and old, and refuses other text", async () => {
    for (const good of ['ab', 'player.one', 'Player_1', 'x'.repeat(32), 'Old Name#1234'])
      expect(await check('discord', good)).toBe('ok');
    for (const bad of ['a', 'bad name!!', '<b>hi</b>', 'x'.repeat(33), 'name#12', '@someone'])
      expect(await check('discord', bad)).toBe('validation.connection-discord');
  });

  it('takes Epic display names of letters, numbers, spaces, dots, dashes and underscores', async () => {
    for (const good of ['Ace', 'Äijä Pro', 'the-best_1.0', 'x'.repeat(32)])
      expect(await check('epic', good)).toBe('ok');
    for (const bad of ['ab', '<b>hi</b>', 'hi!', 'x'.repeat(33)])
      expect(await check('epic', bad)).toBe('validation.connection-epic');
  });
});
