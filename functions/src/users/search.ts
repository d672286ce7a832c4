import { FieldPath } from 'firebase-admin/firestore';
import type { PublicProfile } from '@versus/domain/users/types';
import type { SearchUsersInput } from '@versus/domain/users/search-schema';
import { profilesCollection } from '../platform/collections';

/** What a search shows of a user (SPEC §3 user summary). */
const summaryOf = (profile: PublicProfile) => ({
  uid: profile.uid,
  displayName: profile.displayName,
  avatar: profile.avatar,
  avatarPlaceholder: profile.avatarPlaceholder,
  trophies: profile.trophies,
  team: profile.team ?? null,
  thirdPartyAccounts: profile.thirdPartyAccounts ?? {},
  deactivated: false,
});
export type UserHit = {
  id: string;
  source: ReturnType<typeof summaryOf>;
  extra: { statsData: PublicProfile['statsData'] };
};

/** Active users whose display name starts with the text, case-insensitively, in name order. */
const byNamePrefix = (text: string) => {
  const prefix = text.trim().toLowerCase();
  return profilesCollection()
    .where('deactivated', '==', false)
    .orderBy('displayNameLower')
    .startAt(prefix)
    .endAt(`${prefix}\uf8ff`);
};

/**
 * The one user search behind GET /searchUsers and GET /suggestUsers: by name prefix, a page at a
 * time from `from`, with the total; or, with no text (random mode, SPEC §4), a page of active
 * users from a random point of the id space, without load-more.
 */
export async function findUsers(
  input: Pick<SearchUsersInput, 'displayName' | 'from' | 'pageSize' | 'random'>,
  /** Suggestions need no total: skip the count query (an aggregate read per keystroke). */
  { counted = true }: { counted?: boolean } = {},
): Promise<{ total: { value: number }; hits: UserHit[] }> {
  const text = input.displayName.trim();
  const size = input.pageSize;
  const hitsOf = (docs: FirebaseFirestore.QueryDocumentSnapshot<PublicProfile>[]) =>
    docs.slice(0, size).map((doc) => {
      const profile = { ...doc.data(), uid: doc.id };
      return { id: doc.id, source: summaryOf(profile), extra: { statsData: profile.statsData } };
    });
  if (input.random === true || text === '') {
    const pivot = profilesCollection().doc().id;
    const active = profilesCollection().where('deactivated', '==', false).orderBy(FieldPath.documentId());
    const after = await active.startAt(pivot).limit(size).get();
    const before =
      after.size >= size
        ? null
        : await active
            .endBefore(pivot)
            .limit(size - after.size)
            .get();
    const hits = hitsOf([...after.docs, ...(before?.docs ?? [])]);
    return { total: { value: hits.length }, hits };
  }
  const query = byNamePrefix(text);
  const [count, page] = await Promise.all([
    counted ? query.count().get() : null,
    query.offset(input.from).limit(size).get(),
  ]);
  return { total: { value: count ? count.data().count : page.size }, hits: hitsOf(page.docs) };
}

/**
 * GET /suggestUsers: the first five by name, not the caller (the challenge form, party invites), and
 * whether more names start so. Two over the five: one may be the caller, and one more says there
 * are others, without a count query per keystroke.
 */
export async function suggestUsers(uid: string, text: string) {
  const found = await findUsers(
    { displayName: text, from: 0, pageSize: SUGGESTIONS + 2, random: false },
    { counted: false },
  );
  const others = found.hits.filter((hit) => hit.id !== uid);
  return { hits: others.slice(0, SUGGESTIONS), more: others.length > SUGGESTIONS };
}
const SUGGESTIONS = 5;
