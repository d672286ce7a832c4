import * as yup from 'yup';

/** PUT /admin/campaigns/{month} */
export const campaignPrizeSchema = yup
  .object({
    prize: yup
      .string()
      .trim()
      .required('validation.required')
      .min(3, 'validation.required')
      .max(120, 'campaign.errors.prize-too-long'),
  })
  .noUnknown(true, 'validation.unknown-field');
