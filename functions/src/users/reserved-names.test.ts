import { describe, expect, it } from 'vitest';
import { isReservedName } from './reserved-names';

describe('isReservedName', () => {
  it('refuses the words of the platform’s own voice, their look-alikes and "Versus" beside them', () => {
    for (const name of [
      'admin',
      'Admin',
      'ADMIN',
      'аdmin',
      'Ａdmin',
      'mod',
      'Moderator',
      'Versus',
      'VersusSupport',
      'Admin_Versus',
      'versus.staff',
      'sup-port',
    ])
      expect(isReservedName(name), name).toBe(true);
  });

  it('lets a name through that only holds one', () => {
    for (const name of ['Badminton', 'Admins', 'AdminKiller', 'Modest', 'VersusFan', 'Player1', 'Äijä_12'])
      expect(isReservedName(name), name).toBe(false);
  });
});
