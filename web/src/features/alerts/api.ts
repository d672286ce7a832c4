import type { AlertChannel, AlertKind } from '@versus/domain/alerts/alerts';
import { apiRequest } from '../../lib/api';

/** The off link of an alert, signed in or not. */
export const turnAlertOff = (token: string) =>
  apiRequest<{ kind: AlertKind; channel: AlertChannel; on: false }>('/alerts/off', {
    method: 'POST',
    query: { token },
    open: true,
  });
