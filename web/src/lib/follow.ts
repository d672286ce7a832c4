import { apiRequest } from './api';

/** POST /users/{uid}/follow and /unfollow (docs/api.md "Following"). */
export const followUser = (uid: string) =>
  apiRequest<{ following: boolean; mutual: boolean }>(`/users/${encodeURIComponent(uid)}/follow`, { method: 'POST' });
export const unfollowUser = (uid: string) =>
  apiRequest<{ following: boolean; mutual: boolean }>(`/users/${encodeURIComponent(uid)}/unfollow`, {
    method: 'POST',
  });
