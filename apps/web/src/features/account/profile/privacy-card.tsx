import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { DeleteAccountBody } from '@vtc/shared/auth/auth-schemas';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { CARRIED } from '../../../lib/toast-rules';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { TextField } from '../../../components/ui/text-field';
import { apiDownload } from '../../../lib/api-fetch';
import { signOut } from '../../../lib/auth-session';
import { showFormError } from '../../../lib/form-errors';
import { deleteMyAccount } from './profile-api';
import './privacy-card.css';

/** "My data": download everything kept about me, or delete my account with my password (decision 0090). */
export function PrivacyCard() {
  const { t } = useTranslation('auth');
  const loader = useGlobalLoader();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const form = useForm({ resolver: zodResolver(DeleteAccountBody), defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onDownload = async () => {
    try {
      // The server names the file (Content-Disposition).
      await loader.run(() => apiDownload('/profile/export', { fallbackName: 'riviera-vtc-my-data.json' }));
    } catch (error) {
      showFormError(error, form.setError);
    }
  };

  // Signing out while this private page is still shown would send its guard to the sign-in
  // page; the session ends once the page has given way to the home page.
  const farewell = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (farewell.current === null) return;
      signOut();
      queryClient.clear();
      toast.success(farewell.current, CARRIED);
    },
    [queryClient],
  );

  const onDelete = async () => {
    setConfirming(false);
    try {
      const response = await loader.run(() => deleteMyAccount(form.getValues()));
      farewell.current = response.message;
      void navigate('/', { replace: true });
    } catch (error) {
      showFormError(error, form.setError);
    }
  };

  return (
    <section className="card privacy-card" aria-labelledby="privacy-card-title">
      <h2 id="privacy-card-title" className="card-title">
        {t('privacy.title')}
      </h2>
      <p className="privacy-card-text">{t('privacy.exportIntro')}</p>
      <button type="button" className="btn btn-secondary" onClick={() => void onDownload()}>
        {t('privacy.export')}
      </button>
      <h3 className="privacy-card-subtitle">{t('privacy.deleteTitle')}</h3>
      <p className="privacy-card-text">{t('privacy.deleteIntro')}</p>
      <form className="form" onSubmit={form.handleSubmit(() => setConfirming(true))} noValidate>
        <TextField
          label={t('privacy.password')}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
          {...form.register('password')}
        />
        <button type="submit" className="btn btn-danger" disabled={isSubmitting}>
          {t('privacy.delete')}
        </button>
      </form>
      <ConfirmModal
        open={confirming}
        title={t('privacy.confirmTitle')}
        text={t('privacy.confirmText')}
        confirmLabel={t('privacy.confirm')}
        cancelLabel={t('privacy.cancel')}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
