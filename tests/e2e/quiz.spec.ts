import { expect, test, type Page } from '@playwright/test';

const options = (page: Page) => page.getByRole('main').getByRole('button', { pressed: false }).or(page.getByRole('main').getByRole('button', { pressed: true }));

async function answer(page: Page, letterIndex: number) {
  const choices = page.getByRole('main').getByRole('list').getByRole('button');
  await choices.nth(letterIndex).click();
}

test('the quiz runs through 12 questions of 8 options to three labelled results', async ({ page }) => {
  await page.goto('/quiz-detail/for_both');
  await page.evaluate(() => localStorage.clear());
  await page.reload();

  await expect(page.getByText('Question 1 of 12')).toBeVisible();
  await expect(page.getByRole('main').getByRole('list').getByRole('button')).toHaveCount(8);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Choosing, then choosing again deselects; choosing another replaces.
  await answer(page, 0);
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await answer(page, 0);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await answer(page, 2);

  for (let question = 1; question <= 12; question += 1) {
    if (question > 1) await answer(page, (question * 3) % 8);
    const next = page.getByRole('button', { name: question === 12 ? 'See Results' : 'Next' });
    await next.click();
  }

  const results = page.getByRole('region', { name: 'Your gift personality results' });
  await expect(results.getByText('Top Match')).toBeVisible();
  await expect(results.getByText('Good Match')).toBeVisible();
  await expect(results.getByText('Match', { exact: true })).toBeVisible();
  await expect(results.getByRole('link').first()).toHaveAttribute('href', /^\/category\//);
  await expect(page.getByRole('link', { name: 'Browse Gifts' })).toHaveAttribute('href', '/gender/for_both');

  // The results have a shareable URL that reproduces them in a fresh browser.
  const shared = page.url();
  expect(shared).toContain('picks=');
  const top = await results.getByRole('listitem').allTextContents();
  const other = await page.context().browser()!.newContext();
  const visitor = await other.newPage();
  await visitor.goto(shared);
  await expect(visitor.getByRole('region', { name: 'Your gift personality results' }).getByRole('listitem')).toHaveText(top);
  await other.close();

  await page.getByRole('button', { name: 'Retake Quiz' }).click();
  await expect(page.getByText('Question 1 of 12')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('progress survives a reload mid-way', async ({ page }) => {
  await page.goto('/quiz-detail/for_him');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  for (let question = 0; question < 4; question += 1) {
    await answer(page, question);
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByText('Question 5 of 12')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Question 5 of 12')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Question 4 of 12')).toBeVisible();
  await expect(page.getByRole('main').getByRole('list').getByRole('button', { pressed: true })).toHaveCount(1);
});

test('each quiz question shows its options lettered A to H', async ({ page }) => {
  await page.goto('/quiz-detail/for_her');
  const letters = await page.getByRole('main').getByRole('list').getByRole('button').evaluateAll((buttons) =>
    buttons.map((b) => b.querySelector('span')?.textContent),
  );
  expect(letters).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
  void options;
});

test('a results link whose picks leave questions unanswered opens the quiz, not results', async ({ page }) => {
  await page.goto('/quiz-detail/for_both');
  await page.evaluate(() => localStorage.clear());
  // One question answered of twelve: no finished quiz makes such a link.
  await page.goto('/quiz-detail/for_both?picks=0A');
  await expect(page.getByText('Question 1 of 12')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your gift personality results' })).toHaveCount(0);
});
