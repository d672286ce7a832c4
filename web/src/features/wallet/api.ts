import type { Currency } from '@versus/domain/platform/constants';
import type { Payout } from '@versus/domain/wallet/types';
import { apiRequest } from '../../lib/api';

// ——— commands (docs/api.md) ———

export const createPurchaseIntent = (productId: string, currency: Currency, idempotencyKey?: string) =>
  apiRequest<{ orderID: string }>('/wallet/createPurchaseIntent', {
    body: { method: 'PAYPAL', currency, productId },
    idempotencyKey,
  });
export const completeOrder = (orderId: string) =>
  apiRequest<{ status: string }>('/wallet/orderComplete', { body: { method: 'PAYPAL', orderId } });
export const connectPaypal = (code: string) => apiRequest('/profile/paypal', { body: { code } });
export const reviewPayout = (
  payoutId: string,
  body: { decision: 'send' | 'refund'; reason: string } | { decision: 'batch'; batchId: string; reason: string },
) => apiRequest<Payout & { id: string }>(`/admin/payouts/${payoutId}/review`, { body });
