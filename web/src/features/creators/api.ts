import type { Currency } from '@versus/domain/platform/constants';
import { apiRequest } from '../../lib/api';

export interface SupportAnswer {
  creatorCode: string;
  creator: { uid: string; displayName: string };
}

// ——— commands (docs/api.md) ———

export const supportCreator = (creatorCode: string) =>
  apiRequest<SupportAnswer>('/profile/supportCreatorWithCode', { method: 'PUT', body: { creatorCode } });
export const stopSupportingCreator = () =>
  apiRequest<{ creatorCode: null }>('/profile/supportCreatorWithCode', { method: 'DELETE' });
export const redeemCreatorBalance = (bucks: number, currency: Currency, idempotencyKey?: string) =>
  apiRequest<{ state: string }>('/wallet/withdrawCreatorCodeBucks', { body: { bucks, currency }, idempotencyKey });
