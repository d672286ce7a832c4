import { collection, endAt, getDocs, limit, orderBy, query, startAt, where } from 'firebase/firestore';
import { SEARCH_PAGE_SIZE } from '@versus/domain/platform/constants';
import type { PublicProfile } from '@versus/domain/users/types';
import { db } from '../../lib/firebase';

/** Users whose display name starts with the text, case-insensitively. */
export async function searchUsersByName(text: string): Promise<PublicProfile[]> {
  const prefix = text.trim().toLowerCase();
  if (!prefix) return [];
  const snapshot = await getDocs(
    query(
      collection(db, 'users'),
      where('deactivated', '==', false),
      orderBy('displayNameLower'),
      startAt(prefix),
      endAt(`${prefix}\uf8ff`),
      limit(SEARCH_PAGE_SIZE),
    ),
  );
  return snapshot.docs.map((item) => item.data() as PublicProfile);
}
