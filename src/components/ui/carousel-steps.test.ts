import { describe, expect, test } from 'vitest';
import { carouselProgress, carouselStep } from './carousel-steps.ts';

describe('carouselStep', () => {
  test('scrolls 200px below 640px, 250px below 768px, otherwise 300px', () => {
    expect(carouselStep(375)).toBe(200);
    expect(carouselStep(639)).toBe(200);
    expect(carouselStep(640)).toBe(250);
    expect(carouselStep(767)).toBe(250);
    expect(carouselStep(768)).toBe(300);
    expect(carouselStep(1440)).toBe(300);
  });
});

describe('carouselProgress', () => {
  test('is at least 15% at the start of a long strip', () => {
    expect(carouselProgress(0, 5000, 300)).toBe(0.15);
  });
  test('grows with the scroll position and is full at the end', () => {
    expect(carouselProgress(1700, 4000, 300)).toBeCloseTo(0.5);
    expect(carouselProgress(3700, 4000, 300)).toBe(1);
  });
  test('is full when nothing scrolls', () => {
    expect(carouselProgress(0, 300, 300)).toBe(1);
  });
});
