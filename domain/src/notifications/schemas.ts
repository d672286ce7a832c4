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

/** POST /notifications/markAllViewed (ours): nothing to send. */
export const markAllViewedSchema = yup.object({}).noUnknown(true, 'validation.unknown-field');
