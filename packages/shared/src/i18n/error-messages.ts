import type { Language } from './languages';

/**
 * Every message the API can answer with, and every validation message the forms show.
 * Zod schemas in this package use these keys as their error messages, so the browser and the
 * API refuse the same input with the same words. Placeholders use i18next's {{name}} syntax.
 */
export const errorMessages = {
  fr: {
    required: 'Ce champ est obligatoire',
    invalid_email: 'Adresse e-mail invalide',
    password_min: 'Le mot de passe doit contenir au moins {{min}} caractères',
    password_not_match: 'Les mots de passe ne correspondent pas',
    phone_invalid: 'Numéro de téléphone invalide (15 chiffres au maximum)',
    too_long: '{{max}} caractères au maximum',
    invalid_number: 'Veuillez saisir un nombre',
    out_of_range: 'La valeur doit être comprise entre {{min}} et {{max}}',
    invalid_value: 'Valeur invalide',
    invalid_date: 'Date invalide',
    validation_failed: 'Certaines informations sont invalides',
    unauthorized: 'Veuillez vous connecter',
    token_expired: 'Votre session a expiré, veuillez vous reconnecter',
    forbidden: "Vous n'avez pas accès à cette ressource",
    not_found: 'Ressource introuvable',
    conflict: 'Cette action est impossible dans l’état actuel',
    too_many_requests: 'Trop de tentatives, réessayez dans quelques minutes',
    payload_too_large: 'Le fichier ou la requête est trop volumineux',
    internal_error: 'Une erreur interne est survenue',
    service_unavailable: 'Service momentanément indisponible',
    invalid_credentials: 'E-mail ou mot de passe incorrect',
    email_taken: 'Un compte existe déjà avec cet e-mail',
    refresh_token_invalid: 'Session invalide, veuillez vous reconnecter',
    reset_token_invalid: 'Ce lien de réinitialisation est invalide ou a expiré',
    wrong_password: 'Le mot de passe actuel est incorrect',
    login_success: 'Connexion réussie',
    register_success: 'Compte créé avec succès',
    profile_updated: 'Profil mis à jour',
    password_updated: 'Mot de passe modifié',
    password_reset_sent: 'Si un compte existe pour cet e-mail, un lien de réinitialisation a été envoyé',
    password_reset_done: 'Votre mot de passe a été réinitialisé',
    created: 'Ajouté avec succès',
    updated: 'Modifié avec succès',
    deleted: 'Supprimé avec succès',
  },
  en: {
    required: 'This field is required',
    invalid_email: 'Invalid e-mail address',
    password_min: 'Password must be at least {{min}} characters',
    password_not_match: 'Passwords do not match',
    phone_invalid: 'Invalid phone number (15 digits at most)',
    too_long: '{{max}} characters at most',
    invalid_number: 'Please enter a number',
    out_of_range: 'The value must be between {{min}} and {{max}}',
    invalid_value: 'Invalid value',
    invalid_date: 'Invalid date',
    validation_failed: 'Some information is invalid',
    unauthorized: 'Please log in',
    token_expired: 'Your session has expired, please log in again',
    forbidden: 'You do not have access to this resource',
    not_found: 'Not found',
    conflict: 'This action is not possible in the current state',
    too_many_requests: 'Too many attempts, try again in a few minutes',
    payload_too_large: 'The file or request is too large',
    internal_error: 'An internal error occurred',
    service_unavailable: 'Service temporarily unavailable',
    invalid_credentials: 'Wrong e-mail or password',
    email_taken: 'An account already exists with this e-mail',
    refresh_token_invalid: 'Invalid session, please log in again',
    reset_token_invalid: 'This reset link is invalid or has expired',
    wrong_password: 'The current password is wrong',
    login_success: 'Logged in successfully',
    register_success: 'Account created successfully',
    profile_updated: 'Profile updated',
    password_updated: 'Password changed',
    password_reset_sent: 'If an account exists for this e-mail, a reset link has been sent',
    password_reset_done: 'Your password has been reset',
    created: 'Added successfully',
    updated: 'Updated successfully',
    deleted: 'Deleted successfully',
  },
  ar: {
    required: 'هذا الحقل مطلوب',
    invalid_email: 'عنوان البريد الإلكتروني غير صالح',
    password_min: 'يجب أن تتكون كلمة المرور من {{min}} أحرف على الأقل',
    password_not_match: 'كلمتا المرور غير متطابقتين',
    phone_invalid: 'رقم الهاتف غير صالح (15 رقمًا كحد أقصى)',
    too_long: '{{max}} حرفًا كحد أقصى',
    invalid_number: 'يرجى إدخال رقم',
    out_of_range: 'يجب أن تكون القيمة بين {{min}} و{{max}}',
    invalid_value: 'قيمة غير صالحة',
    invalid_date: 'تاريخ غير صالح',
    validation_failed: 'بعض المعلومات غير صالحة',
    unauthorized: 'يرجى تسجيل الدخول',
    token_expired: 'انتهت صلاحية جلستك، يرجى تسجيل الدخول مرة أخرى',
    forbidden: 'ليس لديك صلاحية الوصول إلى هذا المورد',
    not_found: 'غير موجود',
    conflict: 'هذا الإجراء غير ممكن في الحالة الحالية',
    too_many_requests: 'محاولات كثيرة جدًا، حاول مرة أخرى بعد بضع دقائق',
    payload_too_large: 'الملف أو الطلب كبير جدًا',
    internal_error: 'حدث خطأ داخلي',
    service_unavailable: 'الخدمة غير متاحة مؤقتًا',
    invalid_credentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    email_taken: 'يوجد حساب بهذا البريد الإلكتروني بالفعل',
    refresh_token_invalid: 'جلسة غير صالحة، يرجى تسجيل الدخول مرة أخرى',
    reset_token_invalid: 'رابط إعادة التعيين غير صالح أو منتهي الصلاحية',
    wrong_password: 'كلمة المرور الحالية غير صحيحة',
    login_success: 'تم تسجيل الدخول بنجاح',
    register_success: 'تم إنشاء الحساب بنجاح',
    profile_updated: 'تم تحديث الملف الشخصي',
    password_updated: 'تم تغيير كلمة المرور',
    password_reset_sent: 'إذا كان هناك حساب بهذا البريد الإلكتروني، فقد تم إرسال رابط إعادة التعيين',
    password_reset_done: 'تمت إعادة تعيين كلمة المرور',
    created: 'تمت الإضافة بنجاح',
    updated: 'تم التعديل بنجاح',
    deleted: 'تم الحذف بنجاح',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type MessageKey = keyof (typeof errorMessages)['fr'];

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(errorMessages.fr, value);
}

/**
 * A message reference carrying its parameters, usable as a zod error message:
 * `message('too_long', { max: 250 })` gives `too_long?max=250`.
 */
export function message(key: MessageKey, params?: Record<string, string | number>): string {
  if (!params) return key;
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return `${key}?${query.toString()}`;
}

/**
 * Translates a message key (or a `key?param=value` reference made by `message`), filling
 * {{placeholders}}; an unknown key is returned as it is.
 */
export function translateMessage(
  reference: string,
  language: Language,
  extraParams: Record<string, string | number> = {},
): string {
  const [key = '', query] = reference.split('?', 2);
  const params: Record<string, string | number> = {
    ...Object.fromEntries(new URLSearchParams(query ?? '')),
    ...extraParams,
  };
  const table: Record<string, string> = errorMessages[language];
  const template = table[key] ?? (errorMessages.fr as Record<string, string>)[key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}
