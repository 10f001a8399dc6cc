import { createPageChecks } from '../check.js';
import { feedInitialData, type FeedData, type FeedView } from '../fixtures/feed.js';
import { defineTasks } from './define.js';

const on = createPageChecks<FeedData, FeedView>('feed', feedInitialData);

export const feedTasks = defineTasks('feed', 'html', [
  {
    name: 'like-dana',
    widget: 'button',
    goal: "The post by @dana is liked, and Sam's earlier like is kept; nothing else changed.",
    say: {
      terse: 'Like the post by @dana.',
      polite: "Could you like Dana's post about the mural, please?",
      lower: 'hit like on the post by dana',
      quoted: 'Press “Like” on the post by “@dana”.',
    },
    check: on.expect((data) => {
      data.liked = ['p1', 'p4'];
    }),
  },
  {
    name: 'comment-on-lee',
    widget: 'textbox',
    goal: "A comment 'Congrats on the launch!' was posted on @lee's post.",
    say: {
      terse: "Comment 'Congrats on the launch!' on Lee's post.",
      polite: 'Would you leave a comment on Lee Tanaka’s launch post saying "Congrats on the launch!"?',
      goal: 'Lee should see a "Congrats on the launch!" comment from me under the app launch post.',
    },
    check: on.expect((data) => {
      data.comments = [{ post: 'p3', text: 'Congrats on the launch!' }];
    }),
  },
  {
    name: 'follow-priya',
    widget: 'button',
    goal: 'Priya Nair (@priya.n) is followed from Who to follow, and nobody else.',
    say: {
      terse: 'Follow @priya.n.',
      polite: 'Please follow Priya Nair from the suggestions on the right.',
      lower: 'follow priya nair',
      quoted: "Click 'Follow' next to 'Priya Nair' under 'Who to follow'.",
    },
    check: on.expect((data) => {
      data.following = ['priya.n'];
    }),
  },
  {
    name: 'like-hidden-jonas',
    widget: 'button',
    goal: "The post by @jonas (shown only after 'Show more posts') is liked.",
    say: {
      terse: "Like Jonas's post about the beach clean-up.",
      polite: 'Could you scroll down and like the post by @jonas about the beach clean-up? It may be further down.',
      lower: 'like the clean-up post by jonas, you may need to show more posts first',
    },
    check: on.expect((data) => {
      data.liked = ['p4', 'p7'];
    }),
  },
  {
    name: 'like-dana-and-mei',
    widget: 'button',
    goal: 'The posts by @dana and @mei are liked, besides the existing like on @sam.',
    say: {
      terse: 'Like the posts by @dana and @mei.',
      polite: 'Please like both Dana’s post and Mei’s post.',
      lower: 'like dana and mei',
      quoted: 'Tap “Like” on the posts by “Dana Whitfield” and “Mei Chen”.',
    },
    check: on.expect((data) => {
      data.liked = ['p1', 'p4', 'p5'];
    }),
  },
  {
    name: 'unlike-sam',
    widget: 'button',
    goal: "The like on @sam's post is removed and nothing else changed.",
    say: {
      terse: "Unlike Sam's post.",
      polite: 'I liked Sam’s swim post by mistake; could you take the like back?',
      lower: 'remove my like from the morning swim post',
    },
    check: on.expect((data) => {
      data.liked = [];
    }),
  },
  {
    name: 'like-third-post',
    widget: 'button',
    goal: 'The third post in the feed (@lee) is liked.',
    say: {
      terse: 'Like the 3rd post.',
      polite: 'Could you like the third post from the top?',
      lower: 'click like on the third post in the feed',
    },
    check: on.expect((data) => {
      data.liked = ['p3', 'p4'];
    }),
  },
  {
    name: 'like-and-comment-tide-pools',
    widget: 'form',
    goal: "The tide pool post is liked and has the comment 'Stunning colours'.",
    say: {
      terse: "Like the tide pool photos post and comment 'Stunning colours'.",
      polite: 'Please like the post with the tide pool photos and add a comment: Stunning colours.',
      goal: 'Mei should get a like and a "Stunning colours" comment on her tide pool photos.',
      quoted:
        'On the post about ‘Tide pool photos’, click ‘Like’, then ‘Comment’, type ‘Stunning colours’ and ‘Post comment’.',
    },
    check: on.expect((data) => {
      data.liked = ['p4', 'p5'];
      data.comments = [{ post: 'p5', text: 'Stunning colours' }];
    }),
  },
  {
    name: 'ask-which-omar',
    widget: 'button',
    expected: 'ask',
    goal: 'Nothing is liked: @omar wrote two posts (one further down), so the agent should ask which.',
    say: {
      terse: "Like Omar's post.",
      polite: 'Could you like the post from Omar?',
      lower: 'like omars post',
    },
    check: on.untouched(),
  },
]);
