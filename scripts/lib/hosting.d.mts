// Types for hosting.mjs (plain JavaScript beside stack.mjs).
import type { Server } from 'node:http';

export function hostingConfig(): Record<string, unknown>;
export function startHosting(options?: { port?: number; apiUrl?: string }): Promise<Server>;
