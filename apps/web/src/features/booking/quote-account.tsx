import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useLayoutEffect, useRef, type ComponentType, type FormEvent, type RefObject } from 'react';
import { toast } from 'react-toastify';
import { isSignedIn, useSession } from '../../lib/auth-session';
import { showError } from '../../lib/form-errors';
import { bookingKeys, claimQuote } from './booking-api';

/**
 * The account forms the app hands to step three (sign in or register, inline): this feature
 * does not import the account feature (decision 0067).
 */
export type AccountPanel = ComponentType<{ onSignedIn: (message: string) => Promise<void> }>;

/** The contact details of the signed-in account, to fill step three's empty fields. */
export type AccountContact = { fullName: string; email: string; phone: string };

/**
 * Step three of a visitor's quote (decision 0092): the account panel, under the form, while nobody
 * is signed in; once signed in, the quote is claimed by the account, one toast says so, and the
 * page stays where it was: the form keeps its values, its end is in view.
 */
export function useQuoteAccount(bookingId: string, accountPanel: AccountPanel | undefined) {
  const session = useSession();
  const queryClient = useQueryClient();
  // A stored user whose token is being restored after a reload counts as signed in: no panel flash.
  const signedIn = isSignedIn(session) || (session.restoring && session.user !== null);
  const anchorRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const returning = useRef(false);

  // Signed in some other way (the header, another tab) while holding this tab's quote: claimed quietly.
  useEffect(() => {
    if (!signedIn) return;
    claimQuote(bookingId)
      .then((answer) => (answer ? queryClient.invalidateQueries({ queryKey: bookingKeys.stepThree(bookingId) }) : undefined))
      .catch(showError);
  }, [signedIn, bookingId, queryClient]);

  // The panel, just under the form, has gone: the end of the form (the confirm button) is shown
  // where the visitor was, rather than what followed the panel.
  useLayoutEffect(() => {
    if (!signedIn || !returning.current) return;
    returning.current = false;
    anchorRef.current?.scrollIntoView({ block: 'end' });
  }, [signedIn]);

  const onSignedIn = async (message: string) => {
    returning.current = true;
    try {
      await claimQuote(bookingId);
      toast.success(message, { toastId: 'quote-account' });
    } catch (error) {
      showError(error);
    }
  };

  const user = session.user;
  const contact: AccountContact | null = signedIn && user ? { fullName: user.full_name, email: user.email, phone: user.phone } : null;
  const Panel = accountPanel;
  const panel =
    !signedIn && Panel ? (
      <div ref={panelRef} tabIndex={-1}>
        <Suspense fallback={null}>
          <Panel onSignedIn={onSignedIn} />
        </Suspense>
      </div>
    ) : null;
  /** A confirmation tried before signing in: nothing is sent, the panel is brought into view. */
  const reveal = (event?: FormEvent) => {
    event?.preventDefault();
    panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    panelRef.current?.focus({ preventScroll: true });
  };
  return { needsAccount: !signedIn, panel, reveal, contact, anchorRef: anchorRef as RefObject<HTMLDivElement> };
}

export type QuoteAccount = ReturnType<typeof useQuoteAccount>;

type ContactForm = {
  getValues: (name: keyof AccountContact) => unknown;
  setValue: (name: keyof AccountContact, value: string, options: { shouldDirty: boolean }) => void;
};

/** Once an account is signed in, step three's empty contact fields take its details; typed ones stay. */
export function useAccountContact(contact: AccountContact | null, form: ContactForm): void {
  const { fullName, email, phone } = contact ?? {};
  useEffect(() => {
    const values = { fullName, email, phone };
    for (const name of ['fullName', 'email', 'phone'] as const) {
      const value = values[name];
      if (value && !form.getValues(name)) form.setValue(name, value, { shouldDirty: true });
    }
    // The form's methods are stable; the account's details are what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullName, email, phone]);
}
