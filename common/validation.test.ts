import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  emailField,
  firstErrors,
  isEmail,
  isUrl,
  messages,
  minWordsField,
  optionalText,
  passwordField,
  requiredText,
  urlField,
  wordCount,
} from './validation';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("the spec's messages", () => {
  it('words each rule exactly', () => {
    expect(messages.required('Name')).toBe('Name must not be empty.');
    expect(messages.minLength('Name', 2)).toBe('Name should be at least 2 characters long.');
    expect(messages.maxLength('Message', 300)).toBe('Message should be up to 300 characters long.');
    expect(messages.email('Email')).toBe('Email is invalid.');
    expect(messages.url('Website')).toBe('Website should be a valid URL.');
    expect(messages.file('Avatar')).toBe('Avatar should be a valid file.');
    expect(messages.unique('name')).toBe('This name already exists');
    expect(messages.passwordConfirmation).toBe("Passwords don't match. Try Again");
    expect(messages.unreadableFile).toBe('File could not be read');
  });

  it('uses the singular word for one or fewer', () => {
    expect(messages.minWords('Description', 1)).toBe('Description should be at least 1 word.');
    expect(messages.minWords('Description', 0)).toBe('Description should be at least 0 word.');
    expect(messages.minWords('Description', 3)).toBe('Description should be at least 3 words.');
  });
});

describe('requiredText', () => {
  it('counts blank as empty and stops there', () => {
    expect(errorsOf(requiredText('Name', { min: 2 }), '   ')).toEqual(['Name must not be empty.']);
    expect(errorsOf(requiredText('Name'), undefined)).toEqual(['Name must not be empty.']);
  });

  it('checks the trimmed length against min and max', () => {
    expect(errorsOf(requiredText('Name', { min: 2 }), ' A ')).toEqual([
      'Name should be at least 2 characters long.',
    ]);
    expect(errorsOf(requiredText('Name', { max: 3 }), 'Abcd')).toEqual([
      'Name should be up to 3 characters long.',
    ]);
    expect(requiredText('Name', { min: 2, max: 3 }).parse('  Ab ')).toBe('Ab');
  });
});

describe('optionalText', () => {
  it('allows absence and enforces the maximum', () => {
    expect(optionalText('Message', 300).parse(undefined)).toBeUndefined();
    expect(errorsOf(optionalText('Message', 300), 'x'.repeat(301))).toEqual([
      'Message should be up to 300 characters long.',
    ]);
  });
});

describe('emailField', () => {
  it('accepts and lower-cases a valid address', () => {
    expect(emailField().parse(' Ann@Example.COM ')).toBe('ann@example.com');
  });

  it.each([
    'ann',
    'ann@',
    '@example.com',
    'ann@example',
    'a nn@example.com',
    'ann@@example.com',
    'ann@.example.com',
    'ann@example.',
    'a@b@example.com',
  ])('refuses %s', (value) => {
    expect(errorsOf(emailField(), value)).toEqual(['Email is invalid.']);
  });

  it('says empty before invalid', () => {
    expect(errorsOf(emailField(), '')).toEqual(['Email must not be empty.']);
  });

  it('agrees with isEmail', () => {
    expect(isEmail('x@y.io')).toBe(true);
    expect(isEmail('first.last+tag@sub.example.co.uk')).toBe(true);
    expect(isEmail('x@y')).toBe(false);
  });

  it('refuses an address longer than 254 characters as too long, before checking its shape', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(errorsOf(emailField(), long)).toEqual(['Email should be up to 254 characters long.']);
  });

  it('takes time in proportion to the length, even for the shape that backtracks', () => {
    // '@' followed by dots made the old pattern quadratic: 40,000 of them took 3 s.
    const hostile = `a@${'.'.repeat(200_000)}`;
    const start = performance.now();
    expect(isEmail(hostile)).toBe(false);
    expect(performance.now() - start).toBeLessThan(200);
  });
});

describe('urlField', () => {
  it('accepts http and https only', () => {
    expect(isUrl('https://proofroom.app/a?b=1')).toBe(true);
    expect(isUrl('javascript:alert(1)')).toBe(false);
    expect(errorsOf(urlField('Website'), 'not a url')).toEqual(['Website should be a valid URL.']);
  });
});

describe('minWordsField', () => {
  it('counts words separated by any white space', () => {
    expect(wordCount(' one  two\nthree ')).toBe(3);
    expect(errorsOf(minWordsField('Feedback', 3), 'one two')).toEqual([
      'Feedback should be at least 3 words.',
    ]);
    expect(errorsOf(minWordsField('Feedback', 3), 'one two three')).toEqual([]);
  });
});

describe('passwordField', () => {
  it('keeps spaces and enforces the minimum', () => {
    expect(passwordField('Password', 8).parse('  pass  ')).toBe('  pass  ');
    expect(errorsOf(passwordField('Password', 8), 'short')).toEqual([
      'Password should be at least 8 characters long.',
    ]);
    expect(errorsOf(passwordField('Password', 8), '')).toEqual(['Password must not be empty.']);
  });
});

describe('firstErrors', () => {
  it('gives one message per field path, for forms', () => {
    const schema = z.object({
      user: z.object({ name: requiredText('Name', { min: 2 }), email: emailField() }),
    });
    expect(firstErrors(schema, { user: { name: 'A', email: 'bad' } })).toEqual({
      'user.name': 'Name should be at least 2 characters long.',
      'user.email': 'Email is invalid.',
    });
    expect(firstErrors(schema, { user: { name: 'Ann', email: 'a@b.co' } })).toEqual({});
  });
});
