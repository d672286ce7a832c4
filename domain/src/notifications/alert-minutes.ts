import { CHALLENGE_REMINDER_MS, CHALLENGE_TTL_MS } from '../battles/battle';
import { MINUTE_MS } from '../platform/constants';
import { START_REMINDER_MS } from '../tournaments/tournament';

/**
 * The minutes the alert lines name, from the rules that time them: i18next's default variables
 * wherever the lines are read (the web app, and the push and e-mail), so a change of a rule changes
 * its words. Its own file: the web app's core takes it without the lines themselves.
 */
export const alertMinutes = {
  challengeMinutes: CHALLENGE_TTL_MS / MINUTE_MS,
  challengeReminderMinutes: CHALLENGE_REMINDER_MS / MINUTE_MS,
  startReminderMinutes: START_REMINDER_MS / MINUTE_MS,
};
