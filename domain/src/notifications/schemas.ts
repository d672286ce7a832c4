import * as yup from 'yup';
import { MARK_VIEWED_MAX } from './types';

/** POST /notifications/markAsViewed. Apart from types.ts so the web shell does not load yup. */
export const markAsViewedSchema = yup
  .object({
    notifications: yup
      .array(yup.string().required().max(128))
      .required('validation.required')
      .min(1, 'validation.required')
      .max(MARK_VIEWED_MAX, 'validation.too-many'),
  })
  .noUnknown(true, 'validation.unknown-field');

/**
 * The most popups one close names: "and N more results" closes every one pending, and a player away
 * for long may have more than a hundred (at 100 the close answered 400 and the notice stayed; a
 * review's). An account's popups are a few dozen bytes each.
 */
export const POPUPS_SEEN_MAX = 1000;

/** POST /notifications/popupSeen: the popups (by ref) the reader closed at once; none means the active one. */
export const popupSeenSchema = yup
  .object({
    refs: yup.array(yup.string().required().max(128)).max(POPUPS_SEEN_MAX, 'validation.too-many').optional(),
  })
  .noUnknown(true, 'validation.unknown-field');

/**
 * POST /notifications/markAllViewed (ours): `upTo`, the newest `createdAt` the reader was shown, so
 * one that arrived or gathered a name since stays unseen; absent, every unseen one.
 */
export const markAllViewedSchema = yup
  .object({
    upTo: yup.number().typeError('validation.type').integer('validation.type').min(0, 'validation.type').optional(),
  })
  .noUnknown(true, 'validation.unknown-field');
