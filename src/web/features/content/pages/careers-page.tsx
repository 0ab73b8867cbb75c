import { CompanyPage } from '../components/company-page';

export default function CareersPage() {
  return (
    <CompanyPage title="Careers" sub="We are a small team building the place where people find their next look, and the professional who makes it real.">
      <h2>How we work</h2>
      <ul>
        <li>Remote-first across European and American time zones, with a week together twice a year.</li>
        <li>Small, senior teams that own a product area end to end: design, code, support.</li>
        <li>We talk to hairdressers and their clients every week, and every engineer spends a day in a salon in their first month.</li>
      </ul>
      <h2>Open roles</h2>
      <p>
        We have no open roles right now. We are always glad to hear from colourists and barbers who want to shape the product, and from engineers who know image
        processing or computer vision.
      </p>
      <p>
        Write to <a href="mailto:jobs@tress.app">jobs@tress.app</a> with a few lines about what you would like to work on and a link to something you made. We
        reply to every message.
      </p>
    </CompanyPage>
  );
}
