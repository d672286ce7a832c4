import { describe, expect, it } from 'vitest';
import { isStrongPassword, registerFormSchema, registerSchema } from './register-schema';

const valid = {
  email: 'ann@example.test',
  password: 'Secret-1',
  displayName: 'AnnBee',
  firstName: 'Ann',
  lastName: 'Bee',
  country: 'FI',
  terms: true,
};

const errorsOf = async (input: unknown, schema = registerSchema) => {
  try {
    await schema.validate(input, { abortEarly: false });
    return {};
  } catch (error) {
    // The first message per field, as the API's parseBody reports it.
    const failure = error as { inner: { path?: string; message: string }[]; path?: string; message: string };
    const fields: Record<string, string> = {};
    for (const item of failure.inner.length ? failure.inner : [failure]) fields[item.path ?? ''] ??= item.message;
    return fields;
  }
};

describe('registerSchema', () => {
  it('accepts a complete registration and trims names', async () => {
    const parsed = await registerSchema.validate({ ...valid, displayName: '  AnnBee  ', firstName: ' Ann ' });
    expect(parsed.displayName).toBe('AnnBee');
    expect(parsed.firstName).toBe('Ann');
  });

  it('refers every problem to its field with an i18n key', async () => {
    expect(
      await errorsOf({
        email: 'nope',
        password: 'short',
        displayName: 'abc',
        firstName: 'Al',
        lastName: '',
        country: 'XX',
      }),
    ).toEqual({
      email: 'validation.email-invalid',
      password: 'validation.password-min',
      displayName: 'validation.display-name-min',
      firstName: 'validation.name-min',
      lastName: 'validation.required',
      country: 'validation.country-invalid',
      terms: 'validation.terms',
    });
  });

  it.each(['US', 'CA'])('refuses %s: the product is not available there', async (country) => {
    expect(await errorsOf({ ...valid, country })).toEqual({ country: 'validation.country-unavailable' });
  });

  it('needs the terms agreed', async () => {
    expect(await errorsOf({ ...valid, terms: false })).toEqual({ terms: 'validation.terms' });
  });

  it('drops unknown fields so nothing extra reaches the database', async () => {
    const parsed = await registerSchema.validate({ ...valid, funds: 1_000_000, admin: true });
    expect(parsed).not.toHaveProperty('funds');
    expect(parsed).not.toHaveProperty('admin');
  });

  it('keeps display names to readable characters', async () => {
    expect(await errorsOf({ ...valid, displayName: 'Ann Bee' })).toEqual({
      displayName: 'validation.display-name-chars',
    });
    expect(await errorsOf({ ...valid, displayName: 'Ännä_01' })).toEqual({});
  });

  it('makes the form confirm the password', async () => {
    expect(await errorsOf({ ...valid, confirmPassword: 'Secret-2' }, registerFormSchema)).toEqual({
      confirmPassword: 'validation.password-mismatch',
    });
  });
});

describe('isStrongPassword', () => {
  it.each([
    ['Secret-1', true],
    ['Secret1', true],
    ['Secret!', true],
    ['secret-1', false],
    ['SECRET-1', false],
    ['Secretss', false],
    ['Se-1', false],
  ])('%s → %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });
});
