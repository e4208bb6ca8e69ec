import type { Language } from './languages.ts';
import { isMessageKey, translateFrom, translateMessage, type MessageKey } from './error-messages.ts';

/**
 * Messages only the API writes: answers to what it did and refusals of rules only it checks (a
 * trip's clock, a balance, a change request). The browser shows them as the API sent them, in the
 * reader's language, and never translates them itself, so they stay out of its bundle and the
 * home page's JavaScript budget (decision 0126). Keys a form's schema uses stay in
 * `error-messages.ts`, which the browser carries.
 */
export const serverMessages = {
  fr: {
    hire_end_in_future: 'La fin de la mise à disposition ne peut pas être dans le futur',
    hire_end_required: 'Une mise à disposition se termine avec son heure de fin et ses kilomètres : utilisez « Terminer la mise à disposition »',
    not_a_hire: 'Cette réservation n’est pas une mise à disposition',
    hire_ended: 'Mise à disposition terminée',
    hire_rate_exists: 'Cette voiture a déjà un tarif horaire pour cette saison',
    tour_not_found: 'Cette excursion n’existe pas ou n’est plus proposée',
    tour_departure_unknown: 'Cette excursion ne part pas de ce lieu : choisissez l’un de ses départs',
    overtime_before_end: 'La fin réelle ne peut pas précéder la fin réservée',
    mission_step_too_early: 'Cette étape ne s’ouvre qu’à partir du {{from}} (heure de Paris)',
    trip_not_started: 'La course ne peut être terminée qu’à partir de la prise en charge, le {{from}} (heure de Paris)',
    no_show_too_early: 'Le client ne peut être déclaré absent qu’une fois le temps d’attente inclus écoulé, à partir du {{from}} (heure de Paris)',
    no_show_not_reported: 'Le chauffeur n’a pas signalé le client absent pour cette course',
    balance_not_due: 'Le solde s’enregistre une fois la course terminée',
    balance_above_remaining: 'Ce montant dépasse ce qui reste à encaisser',
    balance_settled: 'Le solde de cette course est déjà entièrement encaissé',
    change_not_allowed: 'Ce champ ne peut pas être modifié depuis votre espace : contactez-nous',
    change_too_late: 'À moins de 48 heures de la prise en charge, seuls le numéro de vol ou de train et le message peuvent être modifiés',
    change_request_pending: 'Une demande de modification attend déjà la réponse de la société',
    change_request_not_found: 'Aucune demande de modification en attente pour cette réservation',
    booking_changed: 'Réservation modifiée : le client a été prévenu',
    booking_unchanged: 'Rien n’a changé',
    change_applied: 'Votre réservation a été modifiée',
    change_requested: 'Votre demande de modification a été envoyée à la société',
    change_request_accepted: 'Demande acceptée : la réservation est modifiée et le client prévenu',
    change_request_refused: 'Demande refusée : le client a été prévenu',
    booking_cancelled_refunding: 'Réservation annulée : le remboursement est en cours',
    balance_recorded: 'Solde enregistré',
    no_show_confirmed: 'Absence du client confirmée : la course est annulée, l’acompte conservé',
    booking_confirmed_cash: 'Réservation confirmée, paiement à bord',
    phone_booking_added: 'Réservation enregistrée et acceptée',
    customer_not_found: 'Ce client n’existe pas : cherchez-le à nouveau ou créez-le',
  },
  en: {
    hire_end_in_future: 'The end of the hire cannot be in the future',
    hire_end_required: 'A hire ends with its end time and km: use “End the hire”',
    not_a_hire: 'This booking is not a hire',
    hire_ended: 'Hire ended',
    hire_rate_exists: 'This car already has an hourly rate for this season',
    tour_not_found: 'This tour does not exist or is no longer offered',
    tour_departure_unknown: 'This tour does not start from this place: choose one of its departures',
    overtime_before_end: 'The actual end cannot be before the booked end',
    mission_step_too_early: 'This step opens only from {{from}} (Paris time)',
    trip_not_started: 'The trip can be marked done only from its pickup time, {{from}} (Paris time)',
    no_show_too_early: 'The customer can be marked absent only once the waiting time included is over, from {{from}} (Paris time)',
    no_show_not_reported: 'The chauffeur has not reported the customer absent for this trip',
    balance_not_due: 'The balance is recorded once the trip is done',
    balance_above_remaining: 'This amount is more than what is left to collect',
    balance_settled: 'The balance of this trip is already fully collected',
    change_not_allowed: 'This field cannot be changed from your account: please contact us',
    change_too_late: 'Less than 48 hours before pickup, only the flight or train number and the message can be changed',
    change_request_pending: 'A change request is already waiting for the company’s answer',
    change_request_not_found: 'No change request is waiting for this booking',
    booking_changed: 'Booking changed: the customer has been told',
    booking_unchanged: 'Nothing has changed',
    change_applied: 'Your booking has been changed',
    change_requested: 'Your change request has been sent to the company',
    change_request_accepted: 'Request accepted: the booking is changed and the customer told',
    change_request_refused: 'Request refused: the customer has been told',
    booking_cancelled_refunding: 'Booking cancelled: the refund is on its way',
    balance_recorded: 'Balance recorded',
    no_show_confirmed: 'Customer absence confirmed: the trip is cancelled, the deposit kept',
    booking_confirmed_cash: 'Booking confirmed, paid on board',
    phone_booking_added: 'Booking saved and accepted',
    customer_not_found: 'This customer does not exist: search again or create them',
  },
  ar: {
    hire_end_in_future: 'لا يمكن أن تكون نهاية الاستئجار في المستقبل',
    hire_end_required: 'ينتهي الاستئجار بوقت انتهائه وعدد كيلومتراته: استخدم «إنهاء الاستئجار»',
    not_a_hire: 'هذا الحجز ليس استئجارًا بسائق',
    hire_ended: 'انتهى الاستئجار',
    hire_rate_exists: 'لهذه السيارة تعريفة بالساعة لهذا الموسم بالفعل',
    tour_not_found: 'هذه الجولة غير موجودة أو لم تعد متاحة',
    tour_departure_unknown: 'لا تنطلق هذه الجولة من هذا المكان: اختر إحدى نقاط انطلاقها',
    overtime_before_end: 'لا يمكن أن تسبق النهاية الفعلية النهاية المحجوزة',
    mission_step_too_early: 'لا تُتاح هذه المرحلة إلا ابتداءً من {{from}} (بتوقيت باريس)',
    trip_not_started: 'لا يمكن إنهاء الرحلة إلا ابتداءً من موعد الانطلاق، {{from}} (بتوقيت باريس)',
    no_show_too_early: 'لا يمكن تسجيل غياب العميل إلا بعد انقضاء وقت الانتظار المشمول، ابتداءً من {{from}} (بتوقيت باريس)',
    no_show_not_reported: 'لم يُبلغ السائق عن غياب العميل في هذه الرحلة',
    balance_not_due: 'يُسجَّل الرصيد المتبقي بعد انتهاء الرحلة',
    balance_above_remaining: 'هذا المبلغ يتجاوز ما تبقّى للتحصيل',
    balance_settled: 'تم تحصيل الرصيد المتبقي لهذه الرحلة بالكامل',
    change_not_allowed: 'لا يمكن تعديل هذا الحقل من حسابك: يرجى التواصل معنا',
    change_too_late: 'قبل أقل من 48 ساعة من موعد الانطلاق، لا يمكن تعديل سوى رقم الرحلة الجوية أو القطار والرسالة',
    change_request_pending: 'هناك طلب تعديل ينتظر بالفعل رد الشركة',
    change_request_not_found: 'لا يوجد طلب تعديل معلّق لهذا الحجز',
    booking_changed: 'تم تعديل الحجز وإبلاغ العميل',
    booking_unchanged: 'لم يتغير شيء',
    change_applied: 'تم تعديل حجزك',
    change_requested: 'تم إرسال طلب التعديل إلى الشركة',
    change_request_accepted: 'تم قبول الطلب: عُدّل الحجز وأُبلغ العميل',
    change_request_refused: 'تم رفض الطلب وإبلاغ العميل',
    booking_cancelled_refunding: 'تم إلغاء الحجز: عملية الاسترداد جارية',
    balance_recorded: 'تم تسجيل الرصيد المتبقي',
    no_show_confirmed: 'تم تأكيد غياب العميل: أُلغيت الرحلة واحتُفظ بالعربون',
    booking_confirmed_cash: 'تم تأكيد الحجز، الدفع على متن السيارة',
    phone_booking_added: 'تم تسجيل الحجز وقبوله',
    customer_not_found: 'هذا العميل غير موجود: ابحث عنه مجددًا أو أنشئ حسابًا له',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type ServerMessageKey = keyof (typeof serverMessages)['fr'];
/** Every key the API may answer with. */
export type AnyMessageKey = MessageKey | ServerMessageKey;

export function isServerMessageKey(value: string): value is ServerMessageKey {
  return Object.prototype.hasOwnProperty.call(serverMessages.fr, value);
}

export function isAnyMessageKey(value: string): value is AnyMessageKey {
  return isMessageKey(value) || isServerMessageKey(value);
}

/** Translates any message the API may answer with, from whichever catalogue holds it. */
export function translateAnyMessage(reference: string, language: Language, extraParams: Record<string, string | number> = {}): string {
  const [key = ''] = reference.split('?', 1);
  return isServerMessageKey(key) ? translateFrom(serverMessages, reference, language, extraParams) : translateMessage(reference, language, extraParams);
}
