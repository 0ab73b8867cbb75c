import { Link } from 'react-router';
import { CompanyPage } from '../components/company-page';

const CHANNELS = [
  { title: 'Help with your account or credits', email: 'support@tress.app', text: 'Include the email you signed up with. We answer within one working day.' },
  { title: 'Professionals and listings', email: 'partners@tress.app', text: 'Subscriptions, verification and profile questions.' },
  { title: 'Privacy and data requests', email: 'privacy@tress.app', text: 'Access, correction or deletion of your data.' },
  { title: 'Press and partnerships', email: 'press@tress.app', text: 'Interviews, images and brand partnerships.' },
];

const SOCIAL = [
  { id: 'instagram', label: 'Instagram', handle: '@tress.studio' },
  { id: 'tiktok', label: 'TikTok', handle: '@tress.studio' },
  { id: 'pinterest', label: 'Pinterest', handle: '@tressstudio' },
];

export default function ContactPage() {
  return (
    <CompanyPage title="Contact" sub="A real person reads every message. Pick the address that fits and we will get back to you.">
      <ul className="!my-8 !list-none !pl-0 grid gap-4 sm:grid-cols-2">
        {CHANNELS.map((c) => (
          <li key={c.email} className="!mt-0 rounded-3xl bg-white p-5 ring-1 ring-stone-200">
            <h2 className="!mt-0 !mb-1 !font-sans !text-base font-semibold text-stone-900">{c.title}</h2>
            <a href={`mailto:${c.email}`}>{c.email}</a>
            <p className="!my-2 text-sm text-stone-600">{c.text}</p>
          </li>
        ))}
      </ul>
      <h2>Follow us</h2>
      <ul>
        {SOCIAL.map((s) => (
          <li key={s.id} id={s.id}>
            {s.label}: {s.handle}
          </li>
        ))}
      </ul>
      <p>
        Before writing, the answers to the most common questions are on the <Link to="/pricing">pricing page</Link> and in the FAQ on the{' '}
        <Link to="/">home page</Link>.
      </p>
    </CompanyPage>
  );
}
