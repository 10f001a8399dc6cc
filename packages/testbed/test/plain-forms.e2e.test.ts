import { describeTaskSuite } from './task-suite.js';
import { feedSolutions } from './solutions/feed.js';
import { inboxSolutions } from './solutions/inbox.js';
import { loginSolutions } from './solutions/login.js';
import { searchSolutions } from './solutions/search.js';
import { signupSolutions } from './solutions/signup.js';

describeTaskSuite({
  login: loginSolutions,
  signup: signupSolutions,
  search: searchSolutions,
  inbox: inboxSolutions,
  feed: feedSolutions,
});
