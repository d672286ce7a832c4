import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { deliverAlert } from './alerts/outbox';
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

/**
 * An alert off the site, delivered as soon as the command that wrote it has committed (issue #60).
 * Eventarc may deliver an event more than once; the alert's lease and its per-channel record make
 * a second delivery send nothing. The one-process host plays this trigger locally (scripts/lib/api-host.mjs).
 */
export const alerts = onDocumentCreated(
  { document: 'outbox/{id}', region: 'europe-west1', timeoutSeconds: 60, secrets: SECRETS, retry: false },
  async (event) => {
    if (event.data) await deliverAlert(event.data, systemClock.now());
  },
);
