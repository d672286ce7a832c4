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

/** POST /notifications/popupSeen: the popups (by ref) the reader closed at once; none means the active one. */
export const popupSeenSchema = yup
  .object({
    refs: yup.array(yup.string().required().max(128)).max(MARK_VIEWED_MAX, 'validation.too-many').optional(),
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
