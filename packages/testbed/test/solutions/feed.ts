import type { Page } from 'playwright-core';
import { leaveAlone, type PageSolutions } from './solution.js';

const post = (page: Page, author: string) => page.getByRole('article', { name: author });
const like = (page: Page, author: string) => post(page, author).getByRole('button', { name: 'Like' }).click();

export const feedSolutions: PageSolutions = {
  solve: {
    'feed/like-dana': (page) => like(page, 'Dana Whitfield'),
    'feed/comment-on-lee': async (page) => {
      await post(page, 'Lee Tanaka').getByRole('button', { name: 'Comment' }).click();
      await post(page, 'Lee Tanaka').getByLabel('Write a comment').fill('Congrats on the launch!');
      await post(page, 'Lee Tanaka').getByRole('button', { name: 'Post comment' }).click();
    },
    'feed/follow-priya': (page) =>
      page
        .getByRole('complementary')
        .getByRole('listitem')
        .filter({ hasText: 'Priya Nair' })
        .getByRole('button')
        .click(),
    'feed/like-hidden-jonas': async (page) => {
      await page.getByRole('button', { name: 'Show more posts' }).click();
      await like(page, 'Jonas Berg');
    },
    'feed/like-dana-and-mei': async (page) => {
      await like(page, 'Dana Whitfield');
      await like(page, 'Mei Chen');
    },
    'feed/unlike-sam': (page) => post(page, 'Sam Ortiz').getByRole('button', { name: 'Liked' }).click(),
    'feed/like-third-post': (page) => page.getByRole('article').nth(2).getByRole('button', { name: 'Like' }).click(),
    'feed/like-and-comment-tide-pools': async (page) => {
      const mei = page.getByRole('article').filter({ hasText: 'Tide pool photos' });
      await mei.getByRole('button', { name: 'Like' }).click();
      await mei.getByRole('button', { name: 'Comment' }).click();
      await mei.getByLabel('Write a comment').fill('Stunning colours');
      await mei.getByRole('button', { name: 'Post comment' }).click();
    },
    'feed/ask-which-omar': leaveAlone,
  },
  guess: {
    'feed/ask-which-omar': (page) =>
      page.getByRole('article', { name: 'Omar Haddad' }).first().getByRole('button', { name: 'Like' }).click(),
  },
};
