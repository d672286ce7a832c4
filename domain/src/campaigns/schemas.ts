import * as yup from 'yup';

/** A month's prize, in characters (trimmed): the admin page's field checks the same bounds. */
export const CAMPAIGN_PRIZE_MIN = 3;
export const CAMPAIGN_PRIZE_MAX = 120;

/** PUT /admin/campaigns/{month} */
export const campaignPrizeSchema = yup
  .object({
    prize: yup
      .string()
      .trim()
      .required('validation.required')
      .min(CAMPAIGN_PRIZE_MIN, 'validation.required')
      .max(CAMPAIGN_PRIZE_MAX, 'campaign.errors.prize-too-long'),
  })
  .noUnknown(true, 'validation.unknown-field');
