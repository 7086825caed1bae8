import { describe, expect, test } from 'vitest';
import { writerInitials, writerProfile } from './writer.ts';

describe('writerProfile', () => {
  test('parses image: and description: segments out of a stored name', () => {
    expect(writerProfile({ name: 'Maya Okafor image: https://img.example/maya.jpg description: Gift editor, candle critic.' }))
      .toEqual({ name: 'Maya Okafor', imageUrl: 'https://img.example/maya.jpg', description: 'Gift editor, candle critic.' });
    expect(writerProfile({ name: 'Tom Whitaker\ndescription: Outdoors writer.\nimage:/writers/tom.png' }))
      .toEqual({ name: 'Tom Whitaker', imageUrl: '/writers/tom.png', description: 'Outdoors writer.' });
  });

  test('strips a leading writer name label', () => {
    expect(writerProfile({ name: 'Writer Name: Elena Park, image: https://img.example/e.png' }).name).toBe('Elena Park');
    expect(writerProfile({ name: 'writer name Daniel Reyes' }).name).toBe('Daniel Reyes');
    expect(writerProfile({ name: 'Priya Raman' })).toEqual({ name: 'Priya Raman', imageUrl: null, description: null });
  });

  test('prefers explicit fields over parsed ones', () => {
    expect(writerProfile({
      name: 'Marcus Bell image: https://old.example/m.png description: Old bio',
      imageUrl: 'https://img.example/marcus.png',
      description: 'Sports and drinks writer.',
    })).toEqual({ name: 'Marcus Bell', imageUrl: 'https://img.example/marcus.png', description: 'Sports and drinks writer.' });
    expect(writerProfile({ name: 'Marcus Bell description: Parsed bio', imageUrl: '  ', description: '' }).description).toBe('Parsed bio');
  });

  test('keeps only http(s) or site-relative pictures and does not split on image: inside a URL', () => {
    expect(writerProfile({ name: 'Hannah image: javascript:alert(1)' }).imageUrl).toBeNull();
    expect(writerProfile({ name: 'Hannah image: https://cdn.example/image:1.png' }).imageUrl).toBe('https://cdn.example/image:1.png');
  });
});

test('writerInitials takes the first letters of the first and last words for the generated avatar', () => {
  expect(['Maya Okafor', 'hannah de la Cruz', 'Cher', '  '].map(writerInitials)).toEqual(['MO', 'HC', 'C', '?']);
});
