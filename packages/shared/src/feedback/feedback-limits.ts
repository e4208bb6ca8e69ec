/** How long a rating's comment and the company's answer may be (decision 0146). */
export const FEEDBACK_COMMENT_MAX = 2000;
export const FEEDBACK_ANSWER_MAX = 2000;
