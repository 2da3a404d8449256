import { describe, expect, it } from 'vitest';
import { LABEL_COLORS } from '@common/labelColors';
import { ApiError } from '@web/api/client';
import { colorName, labelNameProblem, nameErrorOf } from './labelTexts';

describe('label name rules', () => {
  it('refuses a blank name and one over 50 characters, with the spec texts', () => {
    expect(labelNameProblem('')).toBe('Name must not be empty.');
    expect(labelNameProblem('   ')).toBe('Name must not be empty.');
    expect(labelNameProblem('x'.repeat(51))).toBe('Name should be up to 50 characters long.');
  });

  it('takes a name of up to 50 characters, measured trimmed', () => {
    expect(labelNameProblem('Hero shots')).toBeNull();
    expect(labelNameProblem(` ${'x'.repeat(50)} `)).toBeNull();
  });
});

describe("the server's name error", () => {
  it('is the first message of details.name on a 422', () => {
    const error = new ApiError(422, 'invalid_record', 'Invalid', { name: ['This name already exists'] });
    expect(nameErrorOf(error)).toBe('This name already exists');
  });

  it('falls back to the message of a 422 without a name detail', () => {
    expect(nameErrorOf(new ApiError(422, 'invalid_record', 'Name is taken'))).toBe('Name is taken');
  });

  it('is nothing for other failures, which a snackbar reports', () => {
    expect(nameErrorOf(new ApiError(403, 'forbidden', 'No'))).toBeNull();
    expect(nameErrorOf(new Error('offline'))).toBeNull();
  });
});

describe('colour names', () => {
  it('names every palette colour, whatever the case of the hex', () => {
    const names = LABEL_COLORS.map((c) => colorName(c.base));
    expect(new Set(names).size).toBe(LABEL_COLORS.length);
    expect(colorName(LABEL_COLORS[0].base.toLowerCase())).toBe(names[0]);
    expect(colorName('#123456')).toBe('#123456');
  });
});
