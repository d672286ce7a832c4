import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { adminDb, type Body, call, createTournament, dayAhead, eventually, newUser, verifiedUser } from './helpers';

/**
 * Alerts off the site (issue #60): each notification that is an alert is written to the outbox in
 * its own commit and delivered within seconds by e-mail (MailDev catches it) and Web Push (the
 * stand-in plays the push service and reads what it gets); the sweeper retries what failed; nothing
 * is sent twice on one channel; each alert's link turns its kind off.
 */

const API = process.env.VERSUS_API_URL ?? 'http://127.0.0.1:5002';
const MAIL = 'http://127.0.0.1:1080/api';
const PUSH = 'http://127.0.0.1:5013';

interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  headers: Record<string, string>;
}
interface Push {
  device: string;
  ttl: number;
  urgency: string;
  topic?: string;
  message: { title: string; body: string; url: string; off: string; tag: string; checkIn?: unknown };
}

const json = async <T>(url: string, init?: RequestInit) => (await (await fetch(url, init)).json()) as T;
const mailsTo = async (address: string) =>
  (await json<CaughtMail[]>(`${MAIL}/email`)).filter((mail) => mail.to.some((to) => to.address === address));
const pushesTo = (device: string) => json<Push[]>(`${PUSH}/pushes?device=${device}`);
const newDevice = (query = '') =>
  json<{ id: string; endpoint: string; keys: { p256dh: string; auth: string } }>(`${PUSH}/devices${query}`, {
    method: 'POST',
  });

const challenge = async (from: { token: string }, to: { uid: string }) => {
  const sent = await call<Body>('/battles/challenge', {
    token: from.token,
    body: { opponent: to.uid, game: 'csgo', entryFee: 130, terms: true },
  });
  expect(sent.status).toBe(201);
  return sent.body.id as string;
};
const alertsOf = async (uid: string) =>
  (await adminDb.collection('outbox').where('uid', '==', uid).get()).docs.map((doc) => ({ id: doc.id, ...doc.data() }));

describe('alerts off the site', () => {
  it('a challenge reaches the player by e-mail in their language, plain text beside HTML, with a one-click unsubscribe', async () => {
    const [a, b, c] = await Promise.all([verifiedUser(300), verifiedUser(300), verifiedUser(300)]);
    expect((await call('/me/alerts', { token: b.token, method: 'PUT', body: { language: 'fi-FI' } })).status).toBe(200);
    const id = await challenge(a, b);
    const [mail] = await eventually(
      () => mailsTo(b.email),
      (found) => found.length > 0,
    );
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Haaste kaksinkamppailuun · Versus');
    // Its game, what is at stake and for how long, with the reader's digit grouping.
    expect(mail!.text).toContain(
      `${a.displayName} haastoi sinut kaksinkamppailuun pelissä CS:GO. Osallistumismaksu on 130 kolikkoa kummaltakin, ja voittaja saa kaksinkertaisen osallistumismaksun. Haaste vanhenee 30 minuutin kuluttua lähettämisestä.`,
    );
    expect(mail!.text).toContain(`http://localhost:5173/fi-FI/battles/view-challenge/${id}`);
    expect(mail!.html).toContain('Avaa Versuksessa');
    // The raw message, its folded header lines unfolded (RFC 5322).
    const source = (await (await fetch(`${MAIL}/email/${mail!.id}/source`)).text()).replace(/\r?\n[ \t]+/g, ' ');
    const unsubscribe = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(source)?.[1];
    expect(unsubscribe).toMatch(/^http:\/\/localhost:5173\/api\/alerts\/off\?token=/);
    expect(source).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The text's own link leads to the app's page that asks first.
    expect(mail!.text).toMatch(/http:\/\/localhost:5173\/fi-FI\/alerts\/off\?token=\S+/);
    // Nobody else got it.
    expect(await mailsTo(a.email)).toHaveLength(0);

    // The mail client's one click (RFC 8058): a form POST, no App Check, no sign-in.
    const token = new URL(unsubscribe!).searchParams.get('token')!;
    const off = await fetch(`${API}/alerts/off?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ kind: 'challenge', channel: 'email', on: false });
    const account = (await adminDb.doc(`users/${b.uid}/private/account`).get()).data()!;
    expect(account.alerts).toMatchObject({ language: 'fi-FI', kinds: { challenge: { email: false } } });

    // The next challenge is in the app, and in the outbox, but sends no e-mail.
    const second = await challenge(c, b);
    const notice = (await adminDb.collection(`users/${b.uid}/notifications`).where('challenge', '==', second).get())
      .docs[0]!;
    const alert = await eventually(
      async () => (await adminDb.doc(`outbox/${b.uid}_${notice.id}`).get()).data(),
      (item) => item?.state === 'DONE',
    );
    expect(alert).toMatchObject({ state: 'DONE', sent: {}, kind: 'challenge', notification: notice.id });
    // Once delivered, what it said (names) is not kept.
    expect(alert!.content).toBeUndefined();
    expect(await mailsTo(b.email)).toHaveLength(1);
  });

  it('a pushed alert is encrypted for the device and signed with our VAPID key; a gone device is removed', async () => {
    const [a, b] = await Promise.all([verifiedUser(300), verifiedUser(300)]);
    const [device, gone] = await Promise.all([newDevice(), newDevice('?gone=1')]);
    for (const subscription of [device, gone]) {
      const added = await call<Body>('/me/push-devices', {
        token: b.token,
        body: { endpoint: subscription.endpoint, keys: subscription.keys, expirationTime: null, language: 'en-US' },
      });
      expect(added.status).toBe(201);
    }
    expect((await adminDb.collection(`users/${b.uid}/push_devices`).get()).size).toBe(2);
    const id = await challenge(a, b);
    const [push] = await eventually(
      () => pushesTo(device.id),
      (found) => found.length > 0,
    );
    expect(push).toMatchObject({
      ttl: 86_400,
      message: {
        title: 'Battle challenge',
        body: `${a.displayName} challenged you to a battle in CS:GO for 130 coins each: the winner takes twice that. A challenge expires 30 minutes after it is sent.`,
        url: `/en-US/battles/view-challenge/${id}`,
      },
    });
    expect(push!.message.off).toMatch(/^http:\/\/localhost:5173\/en-US\/alerts\/off\?token=/);
    // The device the push service called gone is no longer sent to.
    const devices = await eventually(
      async () =>
        (await adminDb.collection(`users/${b.uid}/push_devices`).get()).docs.map((doc) => doc.data().endpoint),
      (endpoints) => endpoints.length === 1,
    );
    expect(devices).toEqual([device.endpoint]);
    const [alert] = (await alertsOf(b.uid)) as unknown as { id: string; state: string; sent: Record<string, number> }[];
    expect(alert!.state).toBe('DONE');
    expect(Object.keys(alert!.sent)).toHaveLength(2);
    expect(Object.keys(alert!.sent)).toEqual(
      expect.arrayContaining(['email', expect.stringMatching(/^push:[0-9a-f]{40}$/)]),
    );
  });

  it('a push service that fails is tried again by the sweeper after its backoff, and what went is not sent again', async () => {
    const [a, b] = await Promise.all([verifiedUser(300), verifiedUser(300)]);
    const [steady, failing] = await Promise.all([newDevice(), newDevice('?fail=1')]);
    for (const subscription of [steady, failing])
      await call('/me/push-devices', {
        token: b.token,
        body: { endpoint: subscription.endpoint, keys: subscription.keys },
      });
    await challenge(a, b);
    const [first] = (await eventually(
      () => alertsOf(b.uid),
      (items) =>
        (items[0] as { attempts?: number } | undefined)?.attempts === 1 &&
        (items[0] as { leaseUntil?: number }).leaseUntil === 0,
    )) as unknown as { id: string; state: string; due: number; createdAt: number; lastError: string }[];
    expect(first).toMatchObject({ state: 'PENDING' });
    expect(first!.lastError).toContain('503');
    expect(first!.due - first!.createdAt).toBeGreaterThanOrEqual(30_000);
    expect(await pushesTo(steady.id)).toHaveLength(1);
    expect(await pushesTo(failing.id)).toHaveLength(0);
    // Before its backoff the full sweep leaves it; after, it goes to the failing device alone.
    const early = await call<Body>('/internal/sweep', { body: { now: first!.due - 1_000, alerts: [first!.id] } });
    expect(early.body).toMatchObject({ alertsPushed: 0 });
    const retried = await call<Body>('/internal/sweep', { body: { now: first!.due + 1_000, alerts: [first!.id] } });
    expect(retried.body).toMatchObject({ alertsPushed: 1, alertsEmailed: 0, alertsFailed: 0 });
    expect(await pushesTo(steady.id)).toHaveLength(1);
    expect(await pushesTo(failing.id)).toHaveLength(1);
    expect(await mailsTo(b.email)).toHaveLength(1);
    const done = (await adminDb.doc(`outbox/${first!.id}`).get()).data()!;
    expect(done).toMatchObject({ state: 'DONE', attempts: 2 });
  });

  it('an address its owner never verified gets no e-mail; the push still goes', async () => {
    const a = await verifiedUser(300);
    const unverified = await newUser();
    const device = await newDevice();
    await call('/me/push-devices', { token: unverified.token, body: { endpoint: device.endpoint, keys: device.keys } });
    await challenge(a, unverified);
    const [alert] = await eventually(
      () => alertsOf(unverified.uid),
      (items) => (items[0] as { state?: string } | undefined)?.state === 'DONE',
    );
    expect(Object.keys((alert as unknown as { sent: Record<string, number> }).sent)).toEqual([
      expect.stringMatching(/^push:/),
    ]);
    expect(await pushesTo(device.id)).toHaveLength(1);
    expect(await mailsTo(unverified.email)).toHaveLength(0);
  });

  it('a moved start and a cancellation reach each player by e-mail, in their language: the new start in the tournament’s zone, the fee back and the host’s words (record 183)', async () => {
    const host = await verifiedUser();
    const [fin, ann] = await Promise.all([verifiedUser(300), verifiedUser(300)]);
    expect((await call('/me/alerts', { token: fin.token, method: 'PUT', body: { language: 'fi-FI' } })).status).toBe(
      200,
    );
    // A zone without summer time (UTC+2 all year), so the e-mails' words are known whenever this runs.
    const created = await createTournament(host.token, {
      entryFee: 130,
      name: `Rained Off ${randomUUID().slice(0, 6)}`,
      timeZone: 'Africa/Johannesburg',
    });
    const id = created.body.id;
    for (const player of [fin, ann])
      expect((await call(`/tournaments/${id}/join`, { token: player.token, body: {} })).status).toBe(200);
    // An edit of the rules alone stays in the app; the start moved to 17:30 in Johannesburg, 20 days
    // on, is an e-mail, with the rules named after it.
    expect(
      (await call(`/tournaments/${id}/edit`, { token: host.token, body: { rules: 'Best of three.' } })).status,
    ).toBe(200);
    const start = dayAhead(20, 15, 30);
    const day = new Date(start);
    const [date, month, year] = [day.getUTCDate(), day.getUTCMonth(), day.getUTCFullYear()];
    const monthName = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(day);
    expect(
      (await call(`/tournaments/${id}/edit`, { token: host.token, body: { startTime: start, rules: 'Best of one.' } }))
        .status,
    ).toBe(200);
    const [moved] = await eventually(
      () => mailsTo(fin.email),
      (found) => found.length > 0,
    );
    expect(moved!.subject).toBe('Turnauksesi alkamisaika muuttui · Versus');
    expect(moved!.text).toContain(
      `Järjestäjä siirsi turnauksen ${created.body.name as string} alkamaan ${date}.${month + 1}.${year} klo 17.30 (UTC+2) ja muutti sen tietoja: säännöt.`,
    );
    const [movedToo] = await eventually(
      () => mailsTo(ann.email),
      (found) => found.length > 0,
    );
    expect(movedToo!.text).toContain(
      `The host moved the start of ${created.body.name as string} to ${date} ${monthName} ${year}, 17:30 (GMT+2), and changed the rules.`,
    );
    const cancelled = await call(`/tournaments/${id}/cancel`, { token: host.token, body: { reasoning: 'No server.' } });
    expect(cancelled.status).toBe(200);
    const finnish = (
      await eventually(
        () => mailsTo(fin.email),
        (found) => found.length > 1,
      )
    ).find((mail) => mail.subject !== moved!.subject);
    expect(finnish!.subject).toBe('Turnauksesi peruttiin · Versus');
    expect(finnish!.text).toContain(
      `Turnaus ${created.body.name as string} peruttiin. 130 kolikkoasi palautettiin. Järjestäjä kirjoitti: No server.`,
    );
    expect(finnish!.text).toContain(`http://localhost:5173/fi-FI/tournaments/${id}`);
    const english = await eventually(
      () => mailsTo(ann.email),
      (found) => found.length > 1,
    );
    expect(english.map((mail) => mail.subject).sort()).toEqual([
      'Your tournament was cancelled · Versus',
      'Your tournament’s start moved · Versus',
    ]);
    // The host cancelled it: they are told nothing of their own act, nor when they play in it (a
    // free tournament's host may).
    const free = (await createTournament(host.token, { name: `Played Off ${randomUUID().slice(0, 6)}` })).body.id;
    for (const player of [host, ann])
      expect((await call(`/tournaments/${free}/join`, { token: player.token, body: {} })).status).toBe(200);
    expect((await call(`/tournaments/${free}/cancel`, { token: host.token, body: {} })).status).toBe(200);
    const toldOf = async (uid: string) =>
      (await adminDb.collection(`users/${uid}/notifications`).where('type', '==', 'TOURNAMENT_CANCELLED').get()).docs
        .map((doc) => doc.get('tournament.id') as string)
        .sort();
    expect(await toldOf(ann.uid)).toEqual([id, free].sort());
    expect(await toldOf(host.uid)).toEqual([]);
    expect((await alertsOf(host.uid)).map((alert) => (alert as { kind?: string }).kind)).not.toContain(
      'tournamentCancelled',
    );
  });

  it('deliveries racing for one alert (the trigger, two sweeps) send it once on each channel', async () => {
    const [a, b] = await Promise.all([verifiedUser(300), verifiedUser(300)]);
    const device = await newDevice();
    await call('/me/push-devices', { token: b.token, body: { endpoint: device.endpoint, keys: device.keys } });
    await challenge(a, b);
    const [alert] = await eventually(
      () => alertsOf(b.uid),
      (items) => items.length > 0,
    );
    await Promise.all([
      call('/internal/sweep', { body: { alerts: [alert!.id] } }),
      call('/internal/sweep', { body: { alerts: [alert!.id] } }),
    ]);
    await eventually(
      async () => (await adminDb.doc(`outbox/${alert!.id}`).get()).data()?.state,
      (state) => state === 'DONE',
    );
    expect(await pushesTo(device.id)).toHaveLength(1);
    expect(await mailsTo(b.email)).toHaveLength(1);
  });

  it('refuses what it cannot use before any read: a forged off link, a push endpoint that is no push service, an unknown kind', async () => {
    const b = await verifiedUser();
    const forged = await fetch(`${API}/alerts/off?token=${b.uid}.challenge.email.${'x'.repeat(32)}`, {
      method: 'POST',
    });
    expect(forged.status).toBe(404);
    expect(await forged.json()).toMatchObject({ statusCode: 404 });
    const device = await newDevice();
    const elsewhere = await call<Body>('/me/push-devices', {
      token: b.token,
      body: { endpoint: 'https://example.com/push/1', keys: device.keys },
    });
    expect(elsewhere).toMatchObject({ status: 400, body: { fields: { endpoint: 'validation.invalid' } } });
    const shortKey = await call<Body>('/me/push-devices', {
      token: b.token,
      body: { endpoint: device.endpoint, keys: { ...device.keys, auth: 'abc' } },
    });
    expect(shortKey.status).toBe(400);
    const unknown = await call<Body>('/me/alerts', {
      token: b.token,
      method: 'PUT',
      body: { kind: 'everything', channel: 'email', on: false },
    });
    expect(unknown.status).toBe(400);
    const nothing = await call<Body>('/me/alerts', { token: b.token, method: 'PUT', body: {} });
    expect(nothing.status).toBe(400);
    expect((await adminDb.collection(`users/${b.uid}/push_devices`).get()).size).toBe(0);
    const unsigned = await call<Body>('/me/alerts', { method: 'PUT', body: { language: 'fi-FI' } });
    expect(unsigned.status).toBe(401);
  });

  it('a player turns a kind off on one channel and on again from Settings', async () => {
    const b = await verifiedUser();
    expect(
      (
        await call('/me/alerts', {
          token: b.token,
          method: 'PUT',
          body: { kind: 'payout', channel: 'push', on: false },
        })
      ).status,
    ).toBe(200);
    let account = (await adminDb.doc(`users/${b.uid}/private/account`).get()).data()!;
    expect(account.alerts.kinds).toEqual({ payout: { push: false } });
    await call('/me/alerts', { token: b.token, method: 'PUT', body: { kind: 'payout', channel: 'push', on: true } });
    account = (await adminDb.doc(`users/${b.uid}/private/account`).get()).data()!;
    expect(account.alerts.kinds).toEqual({ payout: { push: true } });
    expect((await call<Body>('/alerts/push-key')).body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });
});
