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
    hire_rate_exists: 'Cette voiture a déjà un tarif horaire pour cette saison',
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
    // Business accounts (decision 0134).
    company_requested: 'Demande envoyée : nous vérifions l’entreprise et vous répondons par e-mail',
    company_approved: 'Compte ouvert : le demandeur a été prévenu par e-mail',
    company_refused: 'Demande refusée : le demandeur a été prévenu par e-mail',
    company_not_requested: 'Cette demande a déjà reçu une réponse',
    company_not_found: 'Ce compte entreprise n’existe pas',
    company_not_active: 'Ce compte entreprise n’est pas ouvert',
    company_has_bookings: 'Des réservations ont été faites pour cette entreprise : elle ne peut pas être supprimée',
    company_member_only: 'Réservé aux membres d’un compte entreprise',
    company_admin_only: 'Réservé aux administrateurs du compte entreprise',
    member_added: '{{email}} réserve désormais pour l’entreprise et en a été prévenu(e)',
    member_invited: 'Invitation envoyée à {{email}}',
    member_removed: 'Membre retiré de l’entreprise',
    invitation_cancelled: 'Invitation annulée',
    already_member: 'Cette personne fait déjà partie de l’entreprise',
    member_of_other_company: 'Cette personne réserve déjà pour une autre entreprise',
    last_company_admin: 'L’entreprise doit garder au moins un administrateur',
    member_not_found: 'Cette personne ne fait pas partie de l’entreprise',
    purchase_order_required: 'Votre entreprise demande un numéro de bon de commande pour chaque réservation',
    // Bookings for guests and on account (decisions 0141, 0142).
    cost_centre_unknown: 'Ce centre de coût n’existe pas pour votre entreprise',
    guest_for_members_only: 'Seuls les membres d’un compte entreprise réservent pour un passager',
    credit_limit_exceeded: 'Cette réservation dépasserait l’encours autorisé de votre entreprise ({{limit}}) : il reste {{available}}. Contactez-nous ou réglez une facture en attente.',
    statements_issued: '{{count}} facture(s) mensuelle(s) émise(s)',
    statement_not_found: 'Cette facture mensuelle n’existe pas',
    statement_paid: 'Facture marquée payée',
    statement_already_paid: 'Cette facture est déjà marquée payée',
  },
  en: {
    hire_rate_exists: 'This car already has an hourly rate for this season',
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
    company_requested: 'Request sent: we check the company and answer you by e-mail',
    company_approved: 'Account opened: the requester has been told by e-mail',
    company_refused: 'Request refused: the requester has been told by e-mail',
    company_not_requested: 'This request has already been answered',
    company_not_found: 'This company account does not exist',
    company_not_active: 'This company account is not open',
    company_has_bookings: 'Bookings were made for this company: it cannot be deleted',
    company_member_only: 'For members of a company account only',
    company_admin_only: 'For the company account’s administrators only',
    member_added: '{{email}} now books for the company and has been told',
    member_invited: 'Invitation sent to {{email}}',
    member_removed: 'Member removed from the company',
    invitation_cancelled: 'Invitation cancelled',
    already_member: 'This person is already a member of the company',
    member_of_other_company: 'This person already books for another company',
    last_company_admin: 'The company must keep at least one administrator',
    member_not_found: 'This person is not a member of the company',
    purchase_order_required: 'Your company asks for a purchase order number with each booking',
    // Bookings for guests and on account (decisions 0141, 0142).
    cost_centre_unknown: 'Your company has no such cost centre',
    guest_for_members_only: 'Only members of a company account book for a passenger',
    credit_limit_exceeded: 'This booking would go past your company’s credit limit ({{limit}}): {{available}} left. Contact us or settle an open invoice.',
    statements_issued: '{{count}} monthly invoice(s) issued',
    statement_not_found: 'This monthly invoice does not exist',
    statement_paid: 'Invoice marked paid',
    statement_already_paid: 'This invoice is already marked paid',
  },
  ar: {
    hire_rate_exists: 'لهذه السيارة تعريفة بالساعة لهذا الموسم بالفعل',
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
    company_requested: 'تم إرسال الطلب: نتحقق من الشركة ونرد عليك بالبريد الإلكتروني',
    company_approved: 'تم فتح الحساب: أُبلغ مقدّم الطلب بالبريد الإلكتروني',
    company_refused: 'تم رفض الطلب: أُبلغ مقدّم الطلب بالبريد الإلكتروني',
    company_not_requested: 'تم الرد على هذا الطلب من قبل',
    company_not_found: 'حساب الشركة هذا غير موجود',
    company_not_active: 'حساب الشركة هذا غير مفتوح',
    company_has_bookings: 'تمت حجوزات لصالح هذه الشركة: لا يمكن حذفها',
    company_member_only: 'مخصص لأعضاء حساب شركة فقط',
    company_admin_only: 'مخصص لمسؤولي حساب الشركة فقط',
    member_added: 'أصبح {{email}} يحجز لصالح الشركة وتم إبلاغه',
    member_invited: 'تم إرسال الدعوة إلى {{email}}',
    member_removed: 'تمت إزالة العضو من الشركة',
    invitation_cancelled: 'تم إلغاء الدعوة',
    already_member: 'هذا الشخص عضو في الشركة بالفعل',
    member_of_other_company: 'هذا الشخص يحجز بالفعل لصالح شركة أخرى',
    last_company_admin: 'يجب أن تحتفظ الشركة بمسؤول واحد على الأقل',
    member_not_found: 'هذا الشخص ليس عضوًا في الشركة',
    purchase_order_required: 'تطلب شركتك رقم أمر شراء مع كل حجز',
    // Bookings for guests and on account (decisions 0141, 0142).
    cost_centre_unknown: 'لا يوجد مركز التكلفة هذا لدى شركتك',
    guest_for_members_only: 'يحجز لراكب أعضاء حساب الشركة فقط',
    credit_limit_exceeded: 'سيتجاوز هذا الحجز حد الائتمان المسموح به لشركتك ({{limit}}): المتبقي {{available}}. اتصل بنا أو سدد فاتورة مستحقة.',
    statements_issued: 'تم إصدار {{count}} فاتورة شهرية',
    statement_not_found: 'هذه الفاتورة الشهرية غير موجودة',
    statement_paid: 'تم تسجيل الفاتورة كمدفوعة',
    statement_already_paid: 'هذه الفاتورة مسجلة كمدفوعة من قبل',
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
