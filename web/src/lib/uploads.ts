import { apiRequest } from './api';

/** POST /uploads/proof: a proof image (battles, tournament disputes and points), checked by the server. */
export const uploadProof = (file: File) => apiRequest<{ path: string; url: string }>('/uploads/proof', { file });
