import { FieldValue } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { apiUsageId, utcDay } from '@versus/domain/platform/constants';
import { db } from './firebase';

const nextUtcDay = (now: number): number => {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
};

/** api_usage/{api}_{YYYY-MM-DD}: a provider's calls on the UTC day of `at`, against its daily budget. */
export const apiUsageRef = (api: string, at: number) => db.doc(`api_usage/${apiUsageId(api, at)}`);

/**
 * A provider's calls a day, shared by every instance (issue #58: OpenDota's free tier allows so
 * many a day). Each call adds one to the day's document, without waiting for it; what the other
 * instances used is read again at most once a minute, also without waiting. Over the budget the
 * call is not made, and the caller hears when the next UTC day begins. So the budget is a soft
 * one: instances may together pass it by what they call in the minute before they read the count
 * again, which the per-minute limit bounds; set it below the provider's own. The admin page shows
 * the day's document.
 */
export class DailyBudget {
  private day = '';
  /** The day's calls, as the document last said. */
  private known = 0;
  /** This instance's calls since that read began. */
  private since = 0;
  private readAt = 0;
  private reading = false;

  constructor(
    readonly api: string,
    readonly perDay: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a call from today's budget: null when it may be made, else when tomorrow's begins. */
  take(): number | null {
    const now = this.now();
    const day = utcDay(now);
    if (day !== this.day) {
      this.day = day;
      this.known = 0;
      this.since = 0;
      this.readAt = 0;
    }
    if (!this.reading && now - this.readAt >= 60_000) this.refresh(day, now);
    if (this.known + this.since >= this.perDay) return nextUtcDay(now);
    this.since += 1;
    apiUsageRef(this.api, now)
      .set({ api: this.api, day, budget: this.perDay, calls: FieldValue.increment(1), updatedAt: now }, { merge: true })
      .catch((error: unknown) => logger.warn('api usage not counted', { api: this.api, error: String(error) }));
    return null;
  }

  private refresh(day: string, now: number): void {
    this.reading = true;
    this.readAt = now;
    const counted = this.since;
    apiUsageRef(this.api, now)
      .get()
      .then((snapshot) => {
        if (this.day !== day) return;
        // The calls this instance made before the read are in the count it read.
        this.known = Number(snapshot.get('calls') ?? 0);
        this.since -= counted;
      })
      .catch((error: unknown) => logger.warn('api usage not read', { api: this.api, error: String(error) }))
      .finally(() => {
        this.reading = false;
      });
  }
}
