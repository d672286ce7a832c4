import { describe, expect, it } from 'vitest';
import { mentionedNames, typingMembers, unreadCount } from './room';

describe('chat rules', () => {
  it.each([
    ['hi @Ann_99 and @ben!', ['ann_99', 'ben']],
    ['mail me@example.com', []],
    ['@Äijä_92 nice', ['äijä_92']],
    ['@ann @ANN', ['ann']],
    ['no mention', []],
  ])('%s mentions %j', (text, names) => {
    expect(mentionedNames(text)).toEqual(names);
  });

  it('shows who typed within 10 s, never yourself', () => {
    const member = (uid: string, lastTyped: number | null) => ({ uid, displayName: uid, lastTyped });
    const members = [member('a', 95_000), member('b', 80_000), member('me', 99_000), member('c', null)];
    expect(typingMembers(members, 'me', 100_000, []).map((m) => m.uid)).toEqual(['a']);
  });

  it('stops showing a typist once their message arrives, and shows them typing the next one', () => {
    const members = [{ uid: 'a', displayName: 'a', lastTyped: 95_000 }];
    const sent = (uid: string, at: number) => ({ sender: { uid } as never, sent: at });
    expect(typingMembers(members, 'me', 100_000, [sent('a', 96_000)])).toEqual([]);
    expect(typingMembers(members, 'me', 100_000, [sent('a', 90_000), sent('b', 97_000)])).toHaveLength(1);
  });

  it('counts others’ messages after my last open, not deleted ones', () => {
    const message = (uid: string, sent: number, deleted = false) => ({ sender: { uid } as never, sent, deleted });
    const messages = [message('a', 10), message('a', 30), message('me', 40), message('b', 50, true), message('b', 60)];
    expect(unreadCount(messages, 'me', 20)).toBe(2);
    expect(unreadCount(messages, 'me', null)).toBe(3);
  });
});
