import { Link } from 'react-router';
import { CompanyPage } from '../components/company-page';

export default function PrivacyPage() {
  return (
    <CompanyPage title="Privacy" sub="What Tress stores about you, why, and for how long. In plain words." updated="November 22, 2026">
      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> email, name, an optional profile picture and a hash of your password (never the password itself). Google sign-in shares
          your name, email and picture with us.
        </li>
        <li>
          <strong>Credits:</strong> your balance and the history of purchases and try-ons, so the balance can always be checked.
        </li>
        <li>
          <strong>Try-ons:</strong> the photo you upload, your prompt and the result. Results you do not save are deleted automatically after 24 hours. Saved
          creations stay in your account until you delete them.
        </li>
        <li>
          <strong>Professionals:</strong> the public profile, portfolio images and reviews you publish, and your subscription status.
        </li>
        <li>
          <strong>Reviews</strong> you leave on a professional&rsquo;s profile, shown with your display name.
        </li>
      </ul>
      <h2>What we do not store</h2>
      <p>
        Card details. Payments go through our card payment provider, which handles your card; we receive only the result of the payment. We do not sell your
        data and do not use your photos to train AI models.
      </p>
      <h2>Who processes your photos</h2>
      <p>
        Colour try-ons run on Tress&rsquo;s own servers. Only where Tress offers new cuts, fringes or curls, and only when you ask for one, is the photo sent to
        an outside image service for that one request, under terms that forbid it from keeping or training on it.
      </p>
      <h2>Cookies and storage</h2>
      <p>
        One cookie keeps you signed in. Your browser also keeps a copy of your name and credit balance so pages load quickly; signing out removes it. We use no
        advertising cookies. Shop links carry an affiliate tag that the retailer may record.
      </p>
      <h2>Your rights</h2>
      <p>
        You can download or delete your creations at any time from <Link to="/creations">My Creations</Link>. To get a copy of everything we hold, correct it,
        or delete your account, write to <a href="mailto:privacy@tress.app">privacy@tress.app</a>. We answer within 30 days.
      </p>
    </CompanyPage>
  );
}
