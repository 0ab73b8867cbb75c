import { Link } from 'react-router';
import { CompanyPage } from '../components/company-page';

export default function TermsPage() {
  return (
    <CompanyPage title="Terms of use" sub="The agreement between you and Tress when you use the site. Short, on purpose." updated="November 22, 2026">
      <h2>Your account</h2>
      <p>You need to be at least 16 to create an account. Keep your password to yourself; you are responsible for what happens in your account.</p>
      <h2>Credits</h2>
      <ul>
        <li>Each try-on costs one credit. New accounts get one free credit.</li>
        <li>Credits are bought in one-time packs in US dollars and never expire.</li>
        <li>Credit purchases are non-refundable. If a try-on fails on our side, its credit is returned automatically.</li>
      </ul>
      <h2>Your photos and results</h2>
      <p>
        Upload only photos of yourself, or of people who have agreed. You keep all rights to your photos and results; you give us permission to process and
        store them only to provide the service. Results are previews made by software and may not match what a colourist can achieve on your hair.
      </p>
      <h2>Professionals</h2>
      <p>
        Listings are paid monthly or yearly and renew until cancelled. Profiles must describe real businesses and real work. We may remove a listing or a review
        that is misleading, abusive or not about the professional&rsquo;s work. Reviews must come from genuine clients.
      </p>
      <h2>Shop links</h2>
      <p>
        Products in <Link to="/shop">Shop The Look</Link> are sold by third-party retailers under their own terms; we may earn a commission.
      </p>
      <h2>Acceptable use</h2>
      <p>Do not use Tress to create images meant to deceive, harass or impersonate anyone, and do not try to break or overload the service.</p>
      <h2>Changes and contact</h2>
      <p>
        If these terms change in a way that matters, we will tell you by email before the change applies. Questions:{' '}
        <a href="mailto:support@tress.app">support@tress.app</a>.
      </p>
    </CompanyPage>
  );
}
