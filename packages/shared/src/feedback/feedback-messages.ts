import type { MessageCatalogue } from '../i18n/error-messages.ts';

/**
 * The words of the rating form's errors (decision 0146). `feedback-schemas.ts` adds them to the
 * message catalogue when the rating page, the reviews screen or the API load it, not with the
 * home page (decision 0143).
 */
export const feedbackMessages = {
  fr: {
    rating_range: 'Choisissez une note de 1 à 5 étoiles',
    answer_required: 'Écrivez une réponse',
    feedback_link_invalid: 'Ce lien d’avis est invalide',
  },
  en: {
    rating_range: 'Choose a rating from 1 to 5 stars',
    answer_required: 'Write an answer',
    feedback_link_invalid: 'This rating link is not valid',
  },
  ar: {
    rating_range: 'اختر تقييمًا من 1 إلى 5 نجوم',
    answer_required: 'اكتب ردًا',
    feedback_link_invalid: 'رابط التقييم هذا غير صالح',
  },
} satisfies MessageCatalogue;
