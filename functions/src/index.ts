import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app';
import { sweepAll } from './sweeper/routes';
import { paymentProvider } from './platform/payment-provider';
import { systemClock } from './platform/clock';
import { outsideDomain } from './platform/outside-domain';
import { API_TIMEOUT_SECONDS } from './api/deadline';
import { SECRETS } from './platform/secrets';

export const api = onRequest(
  { region: 'europe-west1', memory: '512MiB', timeoutSeconds: API_TIMEOUT_SECONDS, secrets: SECRETS },
  outsideDomain(createApp(systemClock)),
);

/** Challenge expiry, battle windows, order expiry and payout polls (DESIGN §6); locally the dev launcher's timer. */
export const sweeper = onSchedule(
  { region: 'europe-west1', schedule: 'every 1 minutes', timeoutSeconds: 300, secrets: SECRETS },
  async () => {
    await sweepAll(systemClock.now(), paymentProvider, { all: true });
  },
);
