import { Link } from 'react-router';
import { CompanyPage } from '../components/company-page';

export default function AboutPage() {
  return (
    <CompanyPage title="About Tress" sub="We built Tress because the hardest part of a new hair colour is imagining it on yourself.">
      <p>
        Every colourist knows the moment: a client holds up a photo of someone else, with different skin, a different starting colour and different light, and
        says &ldquo;like this&rdquo;. Tress replaces that photo with one of <strong>you</strong>, in the colour you are considering, before anything touches
        your hair.
      </p>
      <h2>How the try-on works</h2>
      <p>
        You upload a selfie and describe a colour in plain words. Our built-in engine reads the colour and the technique from your words (all-over, highlights,
        balayage, ombré, dip-dye, root shadow or money piece), finds your hair with a segmentation model, and recolours it in a perceptual colour space so that
        each strand keeps its own light, shade and shine. Your face and background stay untouched. It runs on Tress&rsquo;s own servers, with no outside AI
        service involved.
      </p>
      <p>
        Changing the <em>shape</em> of your hair (a new cut, a fringe, curls) takes a generative image model, which not every Tress site offers yet. Where it is
        offered, Tress sends it only the cut, then puts your own face and background back from your photo and paints the colour itself, so the copper you asked
        for is the same copper either way; a picture whose face cannot be fitted back is not shown and not charged. Where it is not offered, Tress applies the
        colour and tells you clearly that the cut was not changed.
      </p>
      <h2>From picture to appointment</h2>
      <p>
        A picture is only half of the job. The <Link to="/professionals">directory</Link> lists hairdressers, colourists and barbers with verified profiles,
        portfolios and reviews, so you can take your result to someone who does that look every day. Professionals pay a flat listing fee; we take no commission
        on bookings.
      </p>
      <h2>What we believe</h2>
      <ul>
        <li>Your photos are yours. We keep them only while you want them, and never use them to train models.</li>
        <li>Say what the software really did. If a result is colour only, we say so.</li>
        <li>Credits never expire, and nobody is charged to look around.</li>
      </ul>
      <p>
        Questions or ideas? <Link to="/contact">Get in touch</Link>, we read everything.
      </p>
    </CompanyPage>
  );
}
