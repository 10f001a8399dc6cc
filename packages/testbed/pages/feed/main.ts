import '../shared/base.css';
import {
  feedFirstShown,
  feedInitialData,
  feedPosts,
  feedSuggestions,
  type FeedData,
  type FeedView,
} from '../../src/fixtures/feed.js';
import { byId, escapeHtml } from '../shared/dom.js';
import { exposeState, sorted } from '../shared/testbed-state.js';

const data: FeedData = structuredClone(feedInitialData);
const view: FeedView = { shownPosts: feedFirstShown, commentingOn: null };
const posts = byId('posts');

function renderPosts(): void {
  posts.innerHTML = feedPosts
    .slice(0, view.shownPosts)
    .map((post) => {
      const liked = data.liked.includes(post.id);
      const comments = data.comments.filter((comment) => comment.post === post.id);
      const commentForm =
        view.commentingOn === post.id
          ? `<form data-comment-form="${post.id}" novalidate><label for="comment-${post.id}">Write a comment</label>
             <textarea id="comment-${post.id}" rows="2"></textarea><button type="submit" class="primary">Post comment</button></form>`
          : '';
      return `<article class="card post" aria-labelledby="author-${post.id}">
        <header><strong id="author-${post.id}">${escapeHtml(post.name)}</strong><span class="muted">@${post.handle} · ${post.age}</span></header>
        <p>${escapeHtml(post.text)}</p>
        <div class="actions">
          <button type="button" data-like="${post.id}" aria-pressed="${liked}">${liked ? '♥ Liked' : '♡ Like'}</button>
          <span class="muted">${post.likes + (liked ? 1 : 0)} likes</span>
          <button type="button" data-comment="${post.id}">Comment</button>
          <span class="muted">${comments.length} comments</span>
        </div>
        ${comments.map((comment) => `<p class="notice">You: ${escapeHtml(comment.text)}</p>`).join('')}
        ${commentForm}
      </article>`;
    })
    .join('');
  byId('more').hidden = view.shownPosts >= feedPosts.length;
}

function renderSuggestions(): void {
  byId('suggestions').innerHTML = feedSuggestions
    .map((person) => {
      const following = data.following.includes(person.handle);
      return `<li><span><strong>${escapeHtml(person.name)}</strong><br /><span class="muted">@${person.handle}</span></span>
        <button type="button" data-follow="${person.handle}" aria-pressed="${following}">${following ? 'Following' : 'Follow'}</button></li>`;
    })
    .join('');
}

posts.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const like = target.closest<HTMLElement>('[data-like]')?.dataset['like'];
  if (like !== undefined) {
    data.liked = data.liked.includes(like) ? data.liked.filter((id) => id !== like) : sorted([...data.liked, like]);
    renderPosts();
    return;
  }
  const comment = target.closest<HTMLElement>('[data-comment]')?.dataset['comment'];
  if (comment !== undefined) {
    view.commentingOn = view.commentingOn === comment ? null : comment;
    renderPosts();
    document.getElementById(`comment-${comment}`)?.focus();
  }
});
posts.addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.target as HTMLElement;
  const post = form.dataset['commentForm'];
  const text = form.querySelector('textarea')?.value.trim() ?? '';
  if (post === undefined || text === '') return;
  data.comments.push({ post, text });
  view.commentingOn = null;
  renderPosts();
});
byId('suggestions').addEventListener('click', (event) => {
  const handle = (event.target as HTMLElement).closest<HTMLElement>('[data-follow]')?.dataset['follow'];
  if (handle === undefined) return;
  data.following = data.following.includes(handle)
    ? data.following.filter((other) => other !== handle)
    : sorted([...data.following, handle]);
  renderSuggestions();
});
byId('more').addEventListener('click', () => {
  view.shownPosts = feedPosts.length;
  renderPosts();
});

renderPosts();
renderSuggestions();
exposeState('feed', () => ({ data, view }));
