import type { AlertChannel, AlertKind } from '@versus/domain/alerts/alerts';
import type { Locale } from '@versus/domain/platform/constants';
import { apiRequest } from '../../lib/api';

/** The language the player's e-mails and pushes are written in. */
export const setAlertLanguage = (language: Locale) =>
  apiRequest<{ ok: true }>('/me/alerts', { method: 'PUT', body: { language } });

/** The off link of an alert, signed in or not. */
export const turnAlertOff = (token: string) =>
  apiRequest<{ kind: AlertKind; channel: AlertChannel; on: false }>('/alerts/off', {
    method: 'POST',
    query: { token },
    open: true,
  });
