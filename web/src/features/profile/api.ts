import type { AlertChannel, AlertKind } from '@versus/domain/alerts/alerts';
import type { DataExportState } from '@versus/domain/users/data-export';
import type { PersonalDetails } from '@versus/domain/users/register-schema';
import type { PayoutState } from '@versus/domain/wallet/economics';
import type { Currency } from '@versus/domain/platform/constants';
import type { ConnectionPlatform } from '@versus/domain/users/connections-schema';
import { apiRequest } from '../../lib/api';

// ——— commands (docs/api.md) ———

export const updatePersonalDetails = (details: PersonalDetails) =>
  apiRequest<PersonalDetails>('/profile/personalDetails', { method: 'PUT', body: details });
export const deactivateAccount = () => apiRequest<{ deletionOn: number }>('/profile/deactivate', { method: 'POST' });
/** The account as linked: `value` as the profile shows it (a Riot ID as Riot spells it). */
export const setConnection = (platform: ConnectionPlatform, value: string) =>
  apiRequest<{ platform: ConnectionPlatform; value: string }>(`/profile/connections/${platform}`, {
    method: 'PUT',
    body: { value },
  });
export const removeConnection = (platform: ConnectionPlatform) =>
  apiRequest(`/profile/connections/${platform}`, { method: 'DELETE' });
export const disconnectPaypal = () => apiRequest('/profile/paypal', { method: 'DELETE' });
export const withdraw = (bucks: number, currency: Currency, idempotencyKey?: string) =>
  apiRequest<{ state: PayoutState; bucks: number }>('/wallet/withdraw', { body: { bucks, currency }, idempotencyKey });
export const uploadAvatar = (picture: Blob) =>
  apiRequest<{ avatar: string }>('/profile/avatar', { method: 'PUT', file: picture });
export const removeAvatar = () => apiRequest<{ avatar: null }>('/profile/avatar', { method: 'DELETE' });
export const requestDataExport = () =>
  apiRequest<{ state: DataExportState; requestedAt: number }>('/profile/dataExport', { method: 'POST' });
export const startSteamSignIn = (returnTo: string) =>
  apiRequest<{ url: string }>('/profile/connections/steam/start', { body: { returnTo } });
export const finishSteamSignIn = (state: string, assertion: Record<string, string>) =>
  apiRequest<{ platform: 'steam'; value: string }>('/profile/connections/steam/openid', { body: { state, assertion } });
export const startRiotSignIn = (returnTo: string) =>
  apiRequest<{ url: string }>('/profile/connections/riot/start', { body: { returnTo } });
export const finishRiotSignIn = (state: string, code: string | undefined, error: string | undefined) =>
  apiRequest<{ platform: 'riot'; value: string }>('/profile/connections/riot/oauth', { body: { state, code, error } });

/** POST /admin/users/{uid}/liftNoShowBan (issue #60): an admin ends a player's ban from paid tournaments. */
export const liftNoShowBan = (uid: string) =>
  apiRequest<{ uid: string }>(`/admin/users/${encodeURIComponent(uid)}/liftNoShowBan`, { method: 'POST' });

/** The private calendar feed (issue #60): its URL, or null while it is off. */
export const calendarFeed = () => apiRequest<{ url: string | null }>('/profile/calendarFeed');
/** A new feed URL: the old one stops working. */
export const renewCalendarFeed = () => apiRequest<{ url: string }>('/profile/calendarFeed', { method: 'POST' });
/** The feed off: every URL it had stops working. */
export const stopCalendarFeed = () => apiRequest<{ url: null }>('/profile/calendarFeed', { method: 'DELETE' });

/** One kind of alert on one channel on or off (issue #60; docs/api.md PUT /me/alerts). */
export const setAlert = (kind: AlertKind, channel: AlertChannel, on: boolean) =>
  apiRequest<{ ok: true }>('/me/alerts', { method: 'PUT', body: { kind, channel, on } });
