import { profilesCollection } from '../platform/collections';

const SUGGESTIONS = 5;

/** GET /suggestUsers: players whose display name starts with the text, case-insensitively, not the caller. */
export async function suggestUsers(uid: string, text: string) {
  const prefix = text.trim().toLowerCase();
  const snapshot = await profilesCollection()
    .where('deactivated', '==', false)
    .orderBy('displayNameLower')
    .startAt(prefix)
    .endAt(`${prefix}\uf8ff`)
    .limit(SUGGESTIONS + 1)
    .get();
  return snapshot.docs
    .filter((doc) => doc.id !== uid)
    .slice(0, SUGGESTIONS)
    .map((doc) => {
      const profile = doc.data();
      return {
        id: doc.id,
        source: {
          uid: doc.id,
          displayName: profile.displayName,
          avatar: profile.avatar,
          avatarPlaceholder: profile.avatarPlaceholder,
          trophies: profile.trophies,
        },
        extra: { statsData: profile.statsData },
      };
    });
}
