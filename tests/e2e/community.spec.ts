import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createTranslator } from 'next-intl';
import en from '../../messages/en.json' with { type: 'json' };
import fi from '../../messages/fi.json' with { type: 'json' };
import { claimAddress, E2E_ADMIN, loginByApi, PASSWORD, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test, waitForApp } from './support/fixtures';

/**
 * Community journeys in both locales (texts from messages/en.json and messages/fi.json):
 *  1. a member writes a review of a release with its ratings from the movie's Reviews tab, reads
 *     it on its page, and finds it on the tab with the release ranked in the best-edition table,
 *     which the movie's overview shows as well, and the home page lists it among the latest;
 *  2. a member starts a discussion on a release's Discussions tab, a second member replies, a
 *     third answers that reply ("In reply to …"), and the tab lists the discussion; a discussion
 *     started right after a reply is refused with the seconds to wait; the home page lists the
 *     discussion among the recent ones with its replies;
 *  3. the author edits a review on its edit page; a commenter edits a comment in place and deletes
 *     it after confirming (cancelling keeps it); an admin removes another member's comment with a
 *     reason (cancelling the prompt keeps it), and that member is told the reason; the author
 *     deletes the review and lands on the reviews list;
 *  4. a member likes another member's review (pressed button, count, snackbar); the author sees
 *     the count only; a visitor's click asks for a login, and after logging in through the dialog
 *     the like is completed on the same page.
 * Members write at most once per 15 seconds (lib/data/rate-limits.ts writeBurst), so each
 * message of a journey comes from a different member.
 */

type Messages = typeof en;

/** Fills ICU `{name}` style arguments of a message (no plurals). */
function format(message: string, values: Record<string, string>): string {
  return message.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}

/** `text` as a regular expression source matching it literally. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A release of the seed catalogue found by the word `q`, with its first movie. */
async function releaseWithMovie(
  request: APIRequestContext,
  q: string,
): Promise<{
  release: { public_id: string; name: string; format: number };
  movie: { public_id: string; name: string; year: number | null };
}> {
  const res = await request.get(`/api/releases?q=${encodeURIComponent(q)}&limit=24`);
  expect(res.status()).toBe(200);
  const items = (
    (await res.json()) as {
      items: {
        public_id: string;
        name: string;
        format: number;
        movies: { public_id: string; name: string; year: number | null }[];
      }[];
    }
  ).items.filter((r) => r.movies.length > 0);
  expect(items.length).toBeGreaterThan(0);
  const [release] = items;
  return {
    release: { public_id: release.public_id, name: release.name, format: release.format },
    movie: release.movies[0],
  };
}

/** Registers a new member whose session the page (and its context's requests) then carries. */
async function registerMember(page: Page, baseURL: string, label: string): Promise<{ name: string }> {
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  const name = `${label} ${tag}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await registerByApi(page.request, { baseURL, ip, name, email: `${label.toLowerCase()}-${tag}@example.fi` });
  return { name };
}

/** A browser context of its own (another member or a visitor), the cookie notice accepted. */
async function otherBrowser(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL }]);
  return context.newPage();
}

for (const locale of ['en', 'fi'] as const) {
  const m: Messages = locale === 'fi' ? fi : en;
  const prefix = locale === 'fi' ? '/fi' : '';
  const r = m.reviews;
  const c = m.community;
  const text =
    locale === 'fi'
      ? {
          oneLike: '1 tykkäys',
          twoLikes: '2 tykkäystä',
          noLikes: '0 tykkäystä',
          twoReplies: '2 vastausta',
        }
      : {
          oneLike: '1 like',
          twoLikes: '2 likes',
          noLikes: '0 likes',
          twoReplies: '2 replies',
        };

  test(`${locale}: "Write a review" on /reviews finds the movie by name and opens its review form`, async ({
    page,
    baseURL,
  }) => {
    await registerMember(page, baseURL ?? 'http://localhost:3100', 'Picker');
    await gotoApp(page, `${prefix}/reviews`);
    await page.getByRole('link', { name: r.new, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/reviews/new$`));
    await expect(page.getByText(r.pickMovie)).toBeVisible();
    const search = page.getByRole('search');
    await search.getByRole('searchbox').fill('seven samurai');
    await search.getByRole('button', { name: m.listing.searchButton }).click();
    const found = page.getByRole('list', { name: r.pickResults }).getByRole('link', { name: /^Seven Samurai\s*1954$/ });
    await expect(found).toHaveCount(1);
    await found.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/reviews/new\\?movie=[A-Za-z0-9_-]{10}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.newFor.replace('{name}', 'Seven Samurai'));
    await expect(page.getByTestId('review-form')).toBeVisible();

    await gotoApp(page, `${prefix}/reviews/new?q=qqxqzzv`);
    await expect(page.getByText(r.pickNone)).toBeVisible();
    await expect(page.getByRole('list', { name: r.pickResults })).toHaveCount(0);
  });

  test(`${locale}: a review with ratings is shown on its page, on the movie's Reviews tab and in the best edition`, async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? 'http://localhost:3100';
    const { name } = await registerMember(page, base, 'Critic');
    const { release, movie } = await releaseWithMovie(page.request, 'alien');

    await gotoApp(page, `${prefix}/movie/${movie.public_id}`);
    await page
      .getByRole('navigation', { name: m.movies.tabs.label })
      .getByRole('link', { name: m.movies.tabs.reviews, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/movie/${movie.public_id}/reviews$`));
    await page.getByTestId('review-write').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/reviews/new\\?movie=${movie.public_id}`));

    const form = page.getByTestId('review-form');
    const headline = `Reference disc ${uniqueTag()}`;
    const body = `The grain is intact and the surround mix is wide.`;
    await form.getByRole('textbox', { name: r.fields.headline, exact: true }).fill(headline);
    await form.getByRole('textbox', { name: r.fields.body, exact: true }).fill(body);
    // Only the movie is rated until a release is chosen.
    await expect(form.getByRole('combobox', { name: r.aspects.picture, exact: true })).toHaveCount(0);
    const releaseChoice = form.getByRole('combobox', { name: r.fields.release, exact: true });
    // Each option names the release with its format (and label and year where known).
    await expect(releaseChoice.locator(`option[value="${release.public_id}"]`)).toHaveText(
      new RegExp(`^${release.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `),
    );
    await releaseChoice.selectOption(release.public_id);
    const ratings = { movie: '5', release: '4', picture: '5', sound: '4', extras: '3', package: '4' } as const;
    for (const [aspect, bucket] of Object.entries(ratings) as [keyof typeof ratings, keyof typeof r.buckets][])
      await form
        .getByRole('combobox', { name: r.aspects[aspect], exact: true })
        .selectOption({ label: r.buckets[bucket] });
    await page.getByTestId('review-submit').click();

    await expect(page).toHaveURL(new RegExp(`${prefix}/review/[^/?#]+$`));
    const review = page.getByTestId('review');
    await expect(review.getByRole('heading', { level: 1 })).toHaveText(headline);
    await expect(review.getByTestId('review-body')).toContainText(body);
    await expect(review).toContainText(format(r.by, { name }));
    const releaseLink = review.getByRole('link', { name: release.name, exact: true });
    await expect(releaseLink).toBeVisible();
    // The release is named with its format, as editions often share a name.
    const formatName = m.enums.formats[String(release.format) as keyof typeof m.enums.formats];
    const releaseLine = review
      .locator('p')
      .filter({ has: page.getByRole('link', { name: release.name, exact: true }) });
    await expect(releaseLine).toContainText(`${release.name} · ${formatName}`);
    await expect(review.getByTestId('rating-picture')).toHaveText(`${r.aspects.picture}: ${r.buckets['5']}`);
    await expect(review.getByTestId('rating-extras')).toHaveText(`${r.aspects.extras}: ${r.buckets['3']}`);
    await expect(page.getByTestId('snackbar')).toContainText(r.created);

    await review
      .getByRole('link', { name: movie.year ? `${movie.name} (${movie.year})` : movie.name, exact: true })
      .click();
    await page
      .getByRole('navigation', { name: m.movies.tabs.label })
      .getByRole('link', { name: m.movies.tabs.reviews, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/movie/${movie.public_id}/reviews$`));
    const listed = page.getByTestId('review-list').getByRole('link', { name: headline, exact: true });
    await expect(listed).toBeVisible();
    // The list names the release and its format as the review page does.
    await expect(
      page.getByTestId('review-item').filter({ has: page.getByRole('link', { name: headline, exact: true }) }),
    ).toContainText(`${release.name} · ${formatName}`);
    const best = page.getByTestId('best-edition');
    await expect(best.getByRole('heading', { level: 2 })).toHaveText(r.bestEdition);
    const row = best.getByRole('row').filter({ has: page.getByRole('link', { name: release.name, exact: true }) });
    await expect(row).toHaveCount(1);
    // The rank is the row's place in the table (its first row is the header).
    const rows = await best.getByRole('row').allTextContents();
    const place = rows.findIndex((t) => t.includes(release.name));
    await expect(row.getByRole('cell').first()).toHaveText(String(place));
    // The reviews counted are those that rate the release (a picture, sound, extras or package
    // rating): this one and those of earlier runs on the same data.
    let ratingReviews = 0;
    let cursor: string | null = null;
    do {
      const res = await page.request.get(
        `/api/reviews?release=${release.public_id}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const listed = (await res.json()) as {
        items: { ratings: Record<'picture' | 'sound' | 'extras' | 'package', number | null> }[];
        next_cursor: string | null;
      };
      ratingReviews += listed.items.filter((x) =>
        [x.ratings.picture, x.ratings.sound, x.ratings.extras, x.ratings.package].some((v) => v !== null),
      ).length;
      cursor = listed.next_cursor;
    } while (cursor);
    expect(ratingReviews).toBeGreaterThan(0);
    const reviewsCount = createTranslator({ locale, messages: m, namespace: 'reviews' })('reviewsCount', {
      count: ratingReviews,
    });
    await expect(row.getByRole('cell').nth(1).locator('span').last()).toHaveText(reviewsCount);
    // The release is named with its format (editions often share a name).
    await expect(row.getByRole('cell').nth(1)).toContainText(`${release.name} · ${formatName}`);

    // The movie's overview ranks the release too, and leads to the reviews.
    await gotoApp(page, `${prefix}/movie/${movie.public_id}`);
    const overviewRow = page
      .getByTestId('best-edition')
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: release.name, exact: true }) });
    await expect(overviewRow).toHaveCount(1);
    // The members' rating of the film itself (every run rates it excellent).
    await expect(page.getByTestId('member-ratings').locator('[data-aspect="movie"] dd')).toContainText(r.buckets['5']);
    // At phone width the table scrolls sideways instead of squeezing: the release keeps 10rem and
    // every heading stays on one line.
    await page.setViewportSize({ width: 390, height: 844 });
    const releaseCell = overviewRow.getByRole('cell').nth(1);
    expect((await releaseCell.boundingBox())!.width).toBeGreaterThanOrEqual(160);
    for (const heading of await page.getByTestId('best-edition').getByRole('columnheader').all())
      expect((await heading.boundingBox())!.height).toBeLessThan(40);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('link', { name: m.movies.allReviews, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/movie/${movie.public_id}/reviews$`));

    // The release's overview sums up the members' ratings (every run rates it the same) and leads to its reviews.
    await gotoApp(page, `${prefix}/release/${release.public_id}`);
    const summary = page.getByTestId('member-ratings');
    await expect(summary.getByRole('heading', { level: 2 })).toHaveText(r.memberRatings);
    await expect(summary.locator('[data-aspect="picture"] dd')).toContainText(r.buckets['5']);
    await expect(summary.locator('[data-aspect="extras"] dd')).toContainText(r.buckets['3']);
    await summary.getByTestId('member-ratings-reviews').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/release/${release.public_id}/reviews$`));
    await expect(page.getByRole('link', { name: headline, exact: true })).toBeVisible();

    // The home page shows it among the latest reviews, and leads to it.
    await gotoApp(page, prefix || '/');
    const latest = page.getByRole('region', { name: m.home.reviews, exact: true });
    await latest.getByRole('link', { name: headline, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/review/[^/?#]+$`));
    await expect(page.getByTestId('review').getByRole('heading', { level: 1 })).toHaveText(headline);
  });

  test(`${locale}: a discussion on a release gets a reply and a reply to the reply, and the release lists it; writing too soon says how long to wait`, async ({
    page,
    baseURL,
    browser,
  }) => {
    const base = baseURL ?? 'http://localhost:3100';
    const { release } = await releaseWithMovie(page.request, 'alien');
    await registerMember(page, base, 'Starter');

    await gotoApp(page, `${prefix}/release/${release.public_id}`);
    await page
      .getByRole('navigation', { name: m.releases.tabs.label })
      .getByRole('link', { name: m.releases.tabs.posts, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/release/${release.public_id}/posts$`));
    await page.getByTestId('post-write').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/posts/new\\?release=${release.public_id}`));
    const headline = `Which pressing is this ${uniqueTag()}`;
    const opening = 'Does this one have the theatrical cut?';
    const form = page.getByTestId('post-form');
    await form.getByRole('textbox', { name: c.posts.fields.headline, exact: true }).fill(headline);
    await form.getByRole('textbox', { name: c.posts.fields.body, exact: true }).fill(opening);
    await page.getByTestId('post-submit').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/post/[^/?#]+$`));
    const postUrl = page.url();
    await expect(page.getByTestId('post').getByRole('heading', { level: 1 })).toHaveText(headline);
    await expect(page.getByTestId('post-body')).toContainText(opening);
    await expect(page.getByTestId('post-subject')).toHaveText(release.name);
    await expect(page.getByTestId('snackbar')).toContainText(c.posts.created);
    await expect(page.getByTestId('comments-empty')).toHaveText(c.comments.noReplies);

    // A second member replies to the discussion.
    const second = await otherBrowser(browser, base);
    const { name: secondName } = await registerMember(second, base, 'Replier');
    await gotoApp(second, postUrl);
    const secondForm = second.getByTestId('comment-form');
    await expect(secondForm.getByRole('heading')).toHaveText(c.comments.writeReply);
    const answer = 'Yes, and the extended cut is on the second disc.';
    await secondForm.getByRole('textbox', { name: c.comments.body, exact: true }).fill(answer);
    await second.getByTestId('comment-submit').click();
    await expect(second.getByTestId('snackbar')).toContainText(c.comments.published);
    const secondComment = second.getByTestId('comments').getByTestId('comment').filter({ hasText: answer });
    await expect(secondComment).toHaveCount(1);
    await expect(secondComment).toContainText(secondName);
    await expect(secondForm.getByRole('textbox', { name: c.comments.body, exact: true })).toHaveValue('');

    // A third member answers that reply.
    const third = await otherBrowser(browser, base);
    await registerMember(third, base, 'Third');
    await gotoApp(third, postUrl);
    await third.getByTestId('comment').filter({ hasText: answer }).getByTestId('comment-reply').click();
    await expect(third).toHaveURL(/\?reply=[^#]+#comment-form$/);
    const thirdForm = third.getByTestId('comment-form');
    await expect(thirdForm.getByRole('heading')).toHaveText(format(c.comments.replyingTo, { name: secondName }));
    const followUp = 'Thanks, that settles it.';
    await thirdForm.getByRole('textbox', { name: c.comments.body, exact: true }).fill(followUp);
    await third.getByTestId('comment-submit').click();
    const reply = third.getByTestId('comments').getByTestId('comment').filter({ hasText: followUp });
    await expect(reply).toHaveCount(1);
    await expect(reply).toContainText(format(c.comments.inReplyTo, { name: secondName }));
    await expect(third).toHaveURL(new RegExp(`${prefix}/post/[^/?#]+$`));
    await expect(thirdForm.getByRole('heading')).toHaveText(c.comments.writeReply);

    // Right after the reply, a discussion of the third member's own waits for the writing limit:
    // the form says how long, and keeps what was typed.
    await gotoApp(third, `${prefix}/release/${release.public_id}/posts`);
    await third.getByTestId('post-write').click();
    const early = third.getByTestId('post-form');
    await early.getByRole('textbox', { name: c.posts.fields.headline, exact: true }).fill(`Too soon ${uniqueTag()}`);
    await early.getByRole('textbox', { name: c.posts.fields.body, exact: true }).fill(followUp);
    await third.getByTestId('post-submit').click();
    const sample = createTranslator({ locale, messages: m, namespace: 'forms' })('writingLimited', {
      unit: 'second',
      n: 99,
      seconds: 99,
    });
    const wait = new RegExp(`^${escapeRegExp(sample).replace('99', '\\d+')}$`);
    await expect(early.getByTestId('form-error')).toHaveText(wait);
    await expect(early.getByRole('textbox', { name: c.posts.fields.body, exact: true })).toHaveValue(followUp);
    await expect(third).toHaveURL(new RegExp(`${prefix}/posts/new\\?release=`));

    // The starter sees both replies, and the release's Discussions tab lists the discussion.
    await gotoApp(page, postUrl);
    await expect(page.getByTestId('comment')).toHaveCount(2);
    await gotoApp(page, `${prefix}/release/${release.public_id}/posts`);
    const item = page.getByTestId('post-item').filter({ has: page.getByRole('link', { name: headline, exact: true }) });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(text.twoReplies);
    await item.getByRole('link', { name: headline, exact: true }).click();
    await expect(page).toHaveURL(postUrl);

    // The home page lists it among the recent discussions, with its replies.
    await gotoApp(page, prefix || '/');
    const recent = page
      .getByRole('region', { name: m.home.posts, exact: true })
      .getByTestId('post-item')
      .filter({ has: page.getByRole('link', { name: headline, exact: true }) });
    await expect(recent).toContainText(text.twoReplies);

    await second.context().close();
    await third.context().close();
  });

  test(`${locale}: a review and comments edited and deleted by their authors, a comment removed by an admin with a reason`, async ({
    page,
    baseURL,
    browser,
  }) => {
    const base = baseURL ?? 'http://localhost:3100';
    const { movie } = await releaseWithMovie(page.request, 'alien');
    await registerMember(page, base, 'Editor');
    const headline = `First impressions ${uniqueTag()}`;
    const created = await page.request.post('/api/reviews', {
      headers: { origin: base },
      data: { movie: movie.public_id, headline, body: 'Written in a hurry.', language: locale },
    });
    expect(created.status()).toBe(200);
    const reviewId = ((await created.json()) as { public_id: string }).public_id;
    const reviewPath = `${prefix}/review/${reviewId}`;
    // Two members comment (one message each: the writing limit allows one per 15 seconds).
    const commenter = await otherBrowser(browser, base);
    await registerMember(commenter, base, 'Commenter');
    const rude = await otherBrowser(browser, base);
    await registerMember(rude, base, 'Rude');
    for (const [who, body] of [
      [commenter, 'Nice, but what about the sound?'],
      [rude, 'Nobody asked.'],
    ] as const) {
      const res = await who.request.post(`/api/reviews/${reviewId}/comments`, {
        headers: { origin: base },
        data: { body },
      });
      expect(res.status()).toBe(200);
    }

    // The author edits the review on its edit page.
    await gotoApp(page, reviewPath);
    await page.getByTestId('review-edit').click();
    await expect(page).toHaveURL(new RegExp(`${reviewPath}/edit$`));
    const form = page.getByTestId('review-form');
    const revised = `${headline}, revised`;
    await form.getByRole('textbox', { name: r.fields.headline, exact: true }).fill(revised);
    await form.getByRole('textbox', { name: r.fields.body, exact: true }).fill('Watched it again, slowly.');
    await page.getByTestId('review-submit').click();
    await expect(page).toHaveURL(new RegExp(`${reviewPath}$`));
    await expect(page.getByTestId('review').getByRole('heading', { level: 1 })).toHaveText(revised);
    await expect(page.getByTestId('review-body')).toHaveText('Watched it again, slowly.');
    await expect(page.getByTestId('snackbar')).toContainText(r.saved);

    // The commenter edits their comment in place, then deletes it after confirming.
    await gotoApp(commenter, reviewPath);
    const own = commenter.getByTestId('comment').filter({ hasText: 'Nice, but what about the sound?' });
    await own.getByTestId('comment-edit').click();
    await own.getByRole('textbox', { name: c.comments.body, exact: true }).fill('Nice. The sound is fine too.');
    await own.getByTestId('comment-save').click();
    await expect(commenter.getByTestId('snackbar')).toContainText(c.comments.saved);
    const edited = commenter.getByTestId('comment').filter({ hasText: 'Nice. The sound is fine too.' });
    await expect(edited).toHaveCount(1);
    // Cancelling the confirmation keeps it.
    commenter.once('dialog', (d) => void d.dismiss());
    await edited.getByTestId('comment-delete').click();
    await expect(edited).toHaveCount(1);
    const confirmed = new Promise<string>((resolve) =>
      commenter.once('dialog', (d) => {
        resolve(`${d.type()}: ${d.message()}`);
        void d.accept();
      }),
    );
    await edited.getByTestId('comment-delete').click();
    expect(await confirmed).toBe(`confirm: ${c.comments.deleteConfirm}`);
    await expect(commenter.getByTestId('snackbar')).toContainText(c.comments.deleted);
    await expect(commenter.getByTestId('comment')).toHaveCount(1);

    // An admin removes the other comment: cancelling the reason prompt keeps it; a reason removes
    // it, and its author is told the reason.
    const admin = await otherBrowser(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    await gotoApp(admin, reviewPath);
    const theirs = admin.getByTestId('comment').filter({ hasText: 'Nobody asked.' });
    admin.once('dialog', (d) => void d.dismiss());
    await theirs.getByTestId('comment-delete').click();
    await expect(theirs).toHaveCount(1);
    const prompted = new Promise<string>((resolve) =>
      admin.once('dialog', (d) => {
        resolve(`${d.type()}: ${d.message()}`);
        void d.accept('Rude to other members');
      }),
    );
    await theirs.getByTestId('comment-delete').click();
    expect(await prompted).toBe(`prompt: ${c.comments.removeReason}`);
    await expect(admin.getByTestId('snackbar')).toContainText(c.comments.deleted);
    await expect(admin.getByTestId('comment')).toHaveCount(0);
    const told = (await (await rude.request.get('/api/notifications')).json()) as {
      items: { type_name: string; reason: string | null; review: { public_id: string } | null }[];
    };
    expect(told.items[0]).toMatchObject({
      type_name: 'commentRemoved',
      reason: 'Rude to other members',
      review: { public_id: reviewId },
    });

    // The author deletes the review after confirming, and lands on the reviews list.
    await gotoApp(page, reviewPath);
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('review-delete').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/reviews$`));
    await expect(page.getByTestId('snackbar')).toContainText(r.deleted);
    expect((await page.request.get(`/api/reviews/${reviewId}`)).status()).toBe(404);
    expect((await page.goto(reviewPath))?.status()).toBe(404);

    await commenter.context().close();
    await rude.context().close();
    await admin.context().close();
  });

  test(`${locale}: a member likes a review, its author sees the count, a visitor's like asks for a login and is completed`, async ({
    page,
    baseURL,
    browser,
  }) => {
    const base = baseURL ?? 'http://localhost:3100';
    const { movie, release } = await releaseWithMovie(page.request, 'alien');
    await registerMember(page, base, 'Author');
    const created = await page.request.post('/api/reviews', {
      headers: { origin: base },
      data: {
        movie: movie.public_id,
        release: release.public_id,
        headline: `Worth the upgrade ${uniqueTag()}`,
        body: 'A clear step up from the old disc.',
        language: locale,
        rating_movie: '4',
        rating_picture: '5',
      },
    });
    expect(created.status()).toBe(200);
    const reviewPath = `${prefix}/review/${((await created.json()) as { public_id: string }).public_id}`;

    const fan = await otherBrowser(browser, base);
    await registerMember(fan, base, 'Fan');
    await gotoApp(fan, reviewPath);
    const like = fan.getByTestId('like-review');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toContainText(text.noLikes);
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toContainText(text.oneLike);
    await expect(fan.getByTestId('snackbar')).toContainText(m.toggles.like.added);
    // The like is stored: it is still there when the page renders again.
    await fan.reload();
    await waitForApp(fan);
    await expect(like).toHaveAttribute('aria-pressed', 'true');

    // The author sees the count, without a button.
    await gotoApp(page, reviewPath);
    await expect(page.getByTestId('like-count-review')).toHaveText(text.oneLike);
    await expect(page.getByTestId('like-review')).toHaveCount(0);

    // A visitor's click asks for a login; logged in through the dialog, the like is completed on
    // the same page (the page renders again for the member).
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    const email = `late-${tag}@example.fi`;
    const api = await playwrightRequest.newContext({ baseURL: base });
    await registerByApi(api, { baseURL: base, ip, name: `Late ${tag}`, email });
    await api.dispose();
    const visitor = await otherBrowser(browser, base);
    await visitor.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await gotoApp(visitor, reviewPath);
    const visitorLike = visitor.getByTestId('like-review');
    await visitorLike.click();
    const dialog = visitor.getByRole('dialog');
    await expect(dialog).toContainText(m.account.loginRequired);
    await dialog.getByRole('textbox', { name: m.account.email, exact: true }).fill(email);
    await dialog.locator('#field-password').fill(PASSWORD);
    await dialog.getByTestId('login-submit').click();
    await expect(dialog).toBeHidden();
    await expect(visitor).toHaveURL(new RegExp(`${reviewPath}$`));
    await expect(visitorLike).toHaveAttribute('aria-pressed', 'true');
    await expect(visitorLike).toContainText(text.twoLikes);
    await expect(visitor.getByTestId('snackbar')).toContainText(m.toggles.like.added);

    await fan.context().close();
    await visitor.context().close();
  });
}
