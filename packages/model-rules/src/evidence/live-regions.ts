/** Live regions: where a page announces what just happened ("16 jobs match your filters."). */
export const LIVE_ROLES: ReadonlySet<string> = new Set(['status', 'alert']);

/** Words of a message that says the work is still under way ("Saving…", "Please wait"). */
export const IN_PROGRESS =
  /(\b(saving|submitting|sending|processing|preparing|loading|uploading|downloading|exporting|working|pending|please wait)\b|…|\.\.\.$)/i;
