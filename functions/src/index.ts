import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './api/app';
import { systemClock } from './platform/clock';

export const api = onRequest({ region: 'europe-west1', memory: '512MiB', timeoutSeconds: 60 }, createApp(systemClock));
