import * as yup from 'yup';
import {
  DISPLAY_NAME_MAX,
  DISPLAY_NAME_MIN,
  LOCALES,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  RESET_PASSWORD_MIN,
  UNAVAILABLE_COUNTRIES,
} from '../platform/constants';
import { visibleText } from '../platform/text-schema';
import { isCountryCode } from './countries';

/** Messages are i18n keys, translated by the web (validation.*). */
export const emailField = () =>
  yup
    .string()
    .trim()
    .required('validation.email-required')
    .email('validation.email-invalid')
    .max(254, 'validation.email-invalid');

/** SPEC §5: an uppercase letter, a lowercase letter and a number or special character. */
export const isStrongPassword = (value: string): boolean =>
  /[A-Z]/.test(value) && /[a-z]/.test(value) && /[^A-Za-z]/.test(value) && value.length >= RESET_PASSWORD_MIN;

export const newPasswordField = () =>
  yup
    .string()
    .required('validation.password-required')
    .min(RESET_PASSWORD_MIN, 'validation.password-min')
    .max(PASSWORD_MAX, 'validation.password-max')
    .test('strength', 'validation.password-weak', (value) => (value ? isStrongPassword(value) : false));

/** Letters, digits, underscore, dot and dash; no spaces, so names stay readable in mentions. */
export const DISPLAY_NAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;

export const displayNameField = () =>
  visibleText(yup.string())
    .trim()
    .required('validation.required')
    .min(DISPLAY_NAME_MIN, 'validation.display-name-min')
    .max(DISPLAY_NAME_MAX, 'validation.display-name-max')
    .matches(DISPLAY_NAME_PATTERN, 'validation.display-name-chars');

const personNameField = () =>
  visibleText(yup.string())
    .trim()
    .required('validation.required')
    .min(NAME_MIN, 'validation.name-min')
    .max(NAME_MAX, 'validation.name-max');

export const isCountryAvailable = (code: string): boolean =>
  !(UNAVAILABLE_COUNTRIES as readonly string[]).includes(code.toUpperCase());

/** SPEC §5: a valid ISO alpha-2 code of a country Versus serves (not the US or Canada). */
const countryField = () =>
  yup
    .string()
    .required('validation.required')
    .test('valid-country', 'validation.country-invalid', (value) => (value ? isCountryCode(value) : false))
    .test('available-country', 'validation.country-unavailable', (value) => (value ? isCountryAvailable(value) : true));

export const registerSchema = yup
  .object({
    email: emailField(),
    password: newPasswordField(),
    displayName: displayNameField(),
    firstName: personNameField(),
    lastName: personNameField(),
    country: countryField(),
    terms: yup.boolean().required('validation.terms').oneOf([true], 'validation.terms'),
  })
  .noUnknown(true, 'validation.unknown-field');

export type RegisterInput = yup.InferType<typeof registerSchema>;

/** The form adds a confirmation the server never sees. */
export const registerFormSchema = registerSchema.shape({
  confirmPassword: yup
    .string()
    .required('validation.required')
    .oneOf([yup.ref('password')], 'validation.password-mismatch'),
});

export const loginSchema = yup.object({
  email: emailField(),
  password: yup.string().required('validation.password-required'),
});

export const forgotPasswordSchema = yup.object({ email: emailField() });

export const resetPasswordSchema = yup.object({
  password: newPasswordField(),
  confirmPassword: yup
    .string()
    .required('validation.required')
    .oneOf([yup.ref('password')], 'validation.password-mismatch'),
});

/**
 * Settings' personal details (record 119): the names and country given at registration, by the
 * same rules. A player who moves to a country Versus does not serve cannot choose it here either.
 */
export const personalDetailsSchema = yup
  .object({ firstName: personNameField(), lastName: personNameField(), country: countryField() })
  .noUnknown(true, 'validation.unknown-field');

export type PersonalDetails = yup.InferType<typeof personalDetailsSchema>;

/** POST /profile/resendEmailVerification: the language the page is in, for Firebase Auth's e-mail. */
export const verificationEmailSchema = yup
  .object({ locale: yup.string().oneOf([...LOCALES], 'validation.invalid') })
  .noUnknown(true, 'validation.unknown-field');
