import { zodResolver } from '@hookform/resolvers/zod';
import type { ForgotPasswordBody, SignInLinkRequestBody } from '@vtc/shared/auth/auth-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { TextField } from '../../../components/ui/text-field';
import { showFormError } from '../../../lib/form-errors';
import { AuthCard } from './auth-card';

type EmailLinkRequestProps = {
  /** The request's schema, shared with the API: an e-mail address. */
  schema: typeof ForgotPasswordBody | typeof SignInLinkRequestBody;
  /** The card's words, in the page's language. */
  words: { title: string; intro: string; back: string; email: string; submit: string };
  defaultEmail?: string;
  /** Asks the API to mail the link; its answer's message is shown once sent. */
  request: (values: { email: string }) => Promise<{ message: string }>;
  onSent?: (message: string) => void;
};

/**
 * An e-mail field that has a link mailed to that address (a reset link, a sign-in link), then
 * says it was sent. The API answers the same whether or not the address has an account.
 */
export function EmailLinkRequest({ schema, words, defaultEmail = '', request, onSent }: EmailLinkRequestProps) {
  const loader = useGlobalLoader();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: defaultEmail } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await loader.run(() => request(values));
      onSent?.(response.message);
      setSentMessage(response.message);
    } catch (error) {
      showFormError(error, form.setError);
    }
  });

  return (
    <AuthCard
      title={words.title}
      intro={words.intro}
      footer={
        <p>
          <Link to="/auth/sign">{words.back}</Link>
        </p>
      }
    >
      {sentMessage ? (
        <p className="notice notice-success" role="status">
          {sentMessage}
        </p>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField label={words.email} type="email" autoComplete="email" required error={errors.email} {...form.register('email')} />
          <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
            {words.submit}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
