import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { companyDetailLines, parisDateTime, routeText, SIGNATURE, tripLines, type BookingMailData } from './booking-mail-details.ts';

/** To the company (French) when a booking waits for its decision, with single-use accept and reject links. */
export function bookingNewCompanyMail(data: BookingMailData, links: { acceptUrl: string; rejectUrl: string; days: number }): RenderedMail {
  return renderMail('fr', {
    subject: `Nouvelle réservation n°${data.id} : ${routeText(data)}, ${parisDateTime(data.pickupAt)}`,
    greeting: 'Bonjour,',
    paragraphs: [
      `${data.fullName} demande une réservation. Acceptez-la ou refusez-la avec les liens ci-dessous.`,
      ...tripLines('fr', data),
      ...companyDetailLines(data),
    ],
    action: { label: 'Accepter la réservation', url: links.acceptUrl },
    footnotes: [
      `Refuser la réservation : ${links.rejectUrl}`,
      `Ces liens ne servent qu’une fois (accepter ou refuser) et expirent dans ${links.days} jours. Une connexion administrateur est demandée.`,
    ],
    signature: SIGNATURE.fr,
  });
}
