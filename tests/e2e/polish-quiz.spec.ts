/**
 * Issue 13, the quiz as a shopper on a phone met it: each step starts with its question in view,
 * and opening someone's shared results leaves the visitor's own progress alone.
 */
import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const choices = (page: Page) => page.getByRole('main').getByRole('list').getByRole('button');
const question = (page: Page) => page.locator('#quiz-question');

/** Whether the step, from its 'Question N of 12' line to the question, lies within the viewport, below the fixed 64 px header. */
const inView = (page: Page) =>
  question(page).evaluate((heading) => {
    const step = heading.closest('section')!;
    return step.getBoundingClientRect().top >= 64 && heading.getBoundingClientRect().bottom <= window.innerHeight;
  });

test('on a phone, each question and its Question N of 12 line are in view after Next and after Previous', async ({ page }) => {
  await page.goto('/quiz-detail/for_both');
  await page.evaluate(() => localStorage.clear());
  await page.reload();

  for (let step = 1; step <= 4; step += 1) {
    // The shopper scrolls down to the last option and Next, as a phone makes them.
    await choices(page).nth(7).click();
    await page.getByRole('button', { name: 'Next' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Question ${step + 1} of 12`)).toBeVisible();
    await expect.poll(() => inView(page)).toBe(true);
  }
  await page.getByRole('button', { name: 'Previous' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Question 4 of 12')).toBeVisible();
  await expect.poll(() => inView(page)).toBe(true);
});

test('opening shared results keeps the visitor\'s own quiz progress', async ({ page, browser }) => {
  // Someone finishes the quiz and shares the results' address.
  const sharer = await browser.newContext();
  const theirs = await sharer.newPage();
  await theirs.goto('/quiz-detail/for_her');
  for (let step = 1; step <= 12; step += 1) {
    await choices(theirs).nth(step % 8).click();
    await theirs.getByRole('button', { name: step === 12 ? 'See Results' : 'Next' }).click();
  }
  await expect(theirs.getByRole('heading', { name: 'Your gift personality results' })).toBeVisible();
  const shared = theirs.url();
  await sharer.close();

  // The visitor is at question 3 of the same quiz, opens the link, then comes back to the quiz.
  await page.goto('/quiz-detail/for_her');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  for (let step = 1; step <= 2; step += 1) {
    await choices(page).nth(0).click();
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByText('Question 3 of 12')).toBeVisible();

  await page.goto(shared);
  await expect(page.getByRole('heading', { name: 'Your gift personality results' })).toBeVisible();

  await page.goto('/quiz-detail/for_her');
  await expect(page.getByText('Question 3 of 12')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(choices(page).nth(0)).toHaveAttribute('aria-pressed', 'true');

  // Retake Quiz on the shared results takes the visitor back to their own quiz, kept.
  await page.goto(shared);
  await page.getByRole('button', { name: 'Retake Quiz' }).click();
  await expect(page.getByText('Question 2 of 12')).toBeVisible();
  await expect(choices(page).nth(0)).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByText('Question 2 of 12')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(choices(page).nth(0)).toHaveAttribute('aria-pressed', 'true');
});
