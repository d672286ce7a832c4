import { Router } from 'express';
import { discordWebhookSchema } from '@versus/domain/alerts/schemas';
import type { Locale } from '@versus/domain/platform/constants';
import { activeUserWith, requireUser } from '../api/authenticate';
import { validIds } from '../api/validate';
import { conflict, notFound } from '../errors/http-error';
import { db } from '../platform/firebase';
import type { Clock } from '../platform/clock';
import { enqueueDiscord, webhookRef } from '../alerts/discord';
import { tournamentRef } from './refs';
import { tableMark } from './discord-posts';
import { notTheHost } from './tournaments';

/**
 * A tournament's Discord channel (issue #60), the host's to set: PUT gives a webhook (and posts a
 * hello through it), DELETE removes it, GET says whether it is on and why not. The webhook's URL is
^ * a secret (anyone with it may post in the channel), so it is kept apart from the public tournament,
 * and never answered back whole.
 */
export function discordRoutes(clock: Clock): Router {
  const router = Router();
  const ids = validIds({ id: 'That tournament' });

  router.get('/discord/tournaments/:id', requireUser, ids, async (req, res) => {
    const id = String(req.params.id);
    const [tournament, hook] = await Promise.all([tournamentRef(id).get(), webhookRef(id).get()]);
    if (!tournament.exists) throw notFound('That tournament');
    if (tournament.data()!.uid !== req.user.uid) throw notTheHost();
    const data = hook.data();
    res.json(
      data
        ? { on: data.on, offReason: data.offReason ?? null, ending: data.url.slice(-4), language: data.language }
        : { on: false, offReason: null, ending: null, language: null },
    );
  });

  router.put('/discord/tournaments/:id', ...activeUserWith(discordWebhookSchema, ids), async (req, res) => {
    const id = String(req.params.id);
    const { url, language } = req.body as { url: string; language: Locale };
    const now = clock.now();
    await db.runTransaction(async (tx) => {
      const tournament = (await tx.get(tournamentRef(id))).data();
      if (!tournament) throw notFound('That tournament');
      if (tournament.uid !== req.user.uid) throw notTheHost();
      if (tournament.state === 'FINISHED' || tournament.state === 'CANCELLED')
        throw conflict('This tournament is over: there is nothing left to post.', 'tournament-locked');
      tx.set(webhookRef(id), {
        url,
        language,
        on: true,
        offReason: null,
        host: tournament.uid,
        tournamentName: tournament.name,
        updatedAt: now,
      });
      tx.update(tournamentRef(id), { discord: true });
      enqueueDiscord(tx, { ...tournament, id, discord: true }, [{ event: 'hello', ...tableMark(tournament) }], now);
    });
    res.json({ on: true, offReason: null, ending: url.slice(-4), language });
  });

  router.delete('/discord/tournaments/:id', requireUser, ids, async (req, res) => {
    const id = String(req.params.id);
    await db.runTransaction(async (tx) => {
      const tournament = (await tx.get(tournamentRef(id))).data();
      if (!tournament) throw notFound('That tournament');
      if (tournament.uid !== req.user.uid) throw notTheHost();
      tx.delete(webhookRef(id));
      tx.update(tournamentRef(id), { discord: false });
    });
    res.json({ on: false, offReason: null, ending: null, language: null });
  });

  return router;
}
