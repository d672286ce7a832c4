import nodemailer, { type Transporter } from 'nodemailer';
import type { AlertSettings } from '@versus/domain/alerts/alerts';
import type { OutboxAlert } from '@versus/domain/alerts/outbox';
import { escapeHtml } from '../platform/page-shells';
import { alertPath, offPageUrl, offToken, oneClickUrl, siteOrigin, siteUrl } from './links';
import { alertTexts, describeAlert } from './texts';

/**
 * E-mail alerts (issue #60) through nodemailer to SMTP_URL (a secret: the provider's
 * `smtps://user:password@host:465` in production; locally the caught-mail stand-in, MailDev, that
 * npm start runs). Every message is in the player's language, has a plain-text part beside the HTML,
 * and carries the link that turns its kind off, also as List-Unsubscribe with RFC 8058's one click.
 */
let transport: Transporter | null = null;
function mailer(): Transporter {
  const url = process.env.SMTP_URL;
  if (!url || url === 'none') throw new Error('SMTP_URL is not set');
  // Bounded well within a delivery's lease (alerts/outbox): nodemailer's own defaults run to minutes.
  transport ??= nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return transport;
}

/** The sender every alert comes from (ALERTS_FROM, e.g. `Versus <alerts@versus.gg>`). */
const sender = () => process.env.ALERTS_FROM ?? 'Versus <alerts@versus.test>';

export async function sendAlertMail(
  alert: OutboxAlert,
  id: string,
  to: string,
  settings: AlertSettings | undefined,
): Promise<'sent'> {
  const language = settings?.language;
  const t = alertTexts(language);
  const { title, line, setting } = describeAlert(language, alert.kind, alert.content, alert.uid);
  const token = offToken(alert.uid, alert.kind, 'email');
  const open = `${siteOrigin()}${alertPath(alert.content, language)}`;
  const off = offPageUrl(token, language);
  const settingsUrl = siteUrl('/profile/settings#alerts', language);
  const why = t('mail.why', { kind: setting });
  const text = [
    line,
    '',
    `${t('mail.open')}: ${open}`,
    '',
    '—',
    why,
    `${t('mail.off')}: ${off}`,
    `${t('mail.settings')}: ${settingsUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="${escapeHtml(language ?? 'en-GB')}"><body style="font-family:sans-serif">
<p>${escapeHtml(line)}</p>
<p><a href="${escapeHtml(open)}">${escapeHtml(t('mail.open'))}</a></p>
<hr><p style="color:#666;font-size:12px">${escapeHtml(why)}<br>
<a href="${escapeHtml(off)}">${escapeHtml(t('mail.off'))}</a> · <a href="${escapeHtml(settingsUrl)}">${escapeHtml(t('mail.settings'))}</a></p>
</body></html>`;
  const domain = new URL(siteOrigin()).hostname;
  await mailer().sendMail({
    from: sender(),
    to,
    subject: `${title} · Versus`,
    text,
    html,
    // One alert, one Message-ID: a mail client shows a message delivered twice once.
    messageId: `<alert-${id}@${domain}>`,
    list: { unsubscribe: { url: oneClickUrl(token), comment: t('mail.off') } },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  return 'sent';
}
