import type { RegisterInput } from '@versus/domain/users/register-schema';
import { apiRequest } from '../../lib/api';

// ——— commands (docs/api.md) ———

export const register = (input: RegisterInput) =>
  apiRequest<{ uid: string }>('/auth/register', { method: 'POST', body: input });
export const restoreAccount = () => apiRequest<{ restored: true }>('/profile/restore', { method: 'POST' });
