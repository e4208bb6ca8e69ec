import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_MESSAGE_MAX, ContactBody } from '@vtc/shared/contact/contact-schemas';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { fieldMessage } from '../../../components/ui/field-message';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { PageIntro } from '../../../components/marketing/marketing-blocks';
import { PhoneField } from '../../../components/ui/phone-field';
import { ChatIcon, MailIcon } from '../../../components/ui/site-icons';
import { PhoneIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { showFormError } from '../../../lib/form-errors';
import { usePublicConfig } from '../../../lib/public-config';
import { sendContactMessage } from './contact-api';
import './contact-page.css';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'message'] as const;
const EMPTY: ContactBody = { firstName: '', lastName: '', email: '', phone: '', message: '' };

/** `/contact`: the message form (POST /api/contacts) and the company's direct contacts. */
export function ContactPage() {
  const { t, i18n } = useTranslation('contact');
  const loader = useGlobalLoader();
  const { data: config } = usePublicConfig();
  const form = useForm<ContactBody>({ resolver: zodResolver(ContactBody), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const messageLength = (form.watch('message') ?? '').length;

  const onInvalid = (invalid: FieldErrors<ContactBody>) => {
    // Spec §8: validation messages also show as an error toast (the first one).
    const first = FIELDS.map((field) => fieldMessage(invalid[field])).find(Boolean);
    if (first) toast.error(first, { toastId: 'contact-invalid' });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await loader.run(() => sendContactMessage(values));
      toast.success(response.message);
      form.reset(EMPTY);
    } catch (error) {
      showFormError(error, form.setError, FIELDS);
    }
  }, onInvalid);

  return (
    <>
      <PageIntro title={t('title')} lead={t('lead')} />
      <section className="page-section contact-section">
        <div className="container contact-layout">
          <section className="card contact-card" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title" className="card-title">
              {t('form.title')}
            </h2>
            <p className="form-note">{t('form.required')}</p>
            <form className="form" onSubmit={onSubmit} noValidate>
              <div className="form-row">
                <TextField
                  label={t('form.firstName')}
                  autoComplete="given-name"
                  required
                  error={errors.firstName}
                  {...form.register('firstName')}
                />
                <TextField
                  label={t('form.lastName')}
                  autoComplete="family-name"
                  required
                  error={errors.lastName}
                  {...form.register('lastName')}
                />
              </div>
              <TextField
                label={t('form.email')}
                type="email"
                autoComplete="email"
                dir="ltr"
                required
                error={errors.email}
                {...form.register('email')}
              />
              <Controller
                control={form.control}
                name="phone"
                render={({ field, fieldState }) => (
                  <PhoneField
                    label={t('form.phone')}
                    countryLabel={t('form.phoneCountry')}
                    language={i18n.language}
                    required
                    error={fieldState.error}
                    {...field}
                  />
                )}
              />
              <TextareaField
                label={t('form.message')}
                rows={6}
                required
                limit={CONTACT_MESSAGE_MAX}
                length={messageLength}
                counter={t('form.counter', { length: messageLength, max: CONTACT_MESSAGE_MAX })}
                announcement={(remaining) =>
                  remaining >= 0 ? t('form.remaining', { count: remaining }) : t('form.over', { count: -remaining })
                }
                hint={t('form.messageHint', { max: CONTACT_MESSAGE_MAX })}
                error={errors.message}
                {...form.register('message')}
              />
              <button type="submit" className="btn btn-primary btn-large" disabled={isSubmitting}>
                {t('form.submit')}
              </button>
            </form>
          </section>
          <aside className="contact-aside" aria-labelledby="contact-direct-title">
            <h2 id="contact-direct-title" className="card-title">
              {t('aside.title')}
            </h2>
            <p>{t('aside.text')}</p>
            <ul className="contact-methods">
              {config?.companyPhone ? (
                <li>
                  <PhoneIcon />
                  <span>
                    <span className="contact-method-label">{t('aside.phone')}</span>
                    <a href={`tel:${config.companyPhone.replace(/\s/g, '')}`} dir="ltr">
                      {config.companyPhone}
                    </a>
                  </span>
                </li>
              ) : null}
              {config?.whatsappUrl ? (
                <li>
                  <ChatIcon />
                  <span>
                    <span className="contact-method-label">{t('aside.whatsapp')}</span>
                    <a href={config.whatsappUrl} target="_blank" rel="noopener noreferrer">
                      {t('aside.whatsappLink')}
                    </a>
                  </span>
                </li>
              ) : null}
              {config?.companyEmail ? (
                <li>
                  <MailIcon />
                  <span>
                    <span className="contact-method-label">{t('aside.email')}</span>
                    <a href={`mailto:${config.companyEmail}`}>{config.companyEmail}</a>
                  </span>
                </li>
              ) : null}
            </ul>
            <p className="contact-area">{t('aside.area')}</p>
          </aside>
        </div>
      </section>
    </>
  );
}
