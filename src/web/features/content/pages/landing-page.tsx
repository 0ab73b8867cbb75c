import { usePageMeta } from '@web/components/ui/page-title';
import { Gallery } from '../components/landing/gallery';
import { Hero } from '../components/landing/hero';
import { LandingTopBar } from '../components/landing/landing-top-bar';
import { Metrics } from '../components/landing/metrics';
import { Faq, FinalCta, HowItWorks, Press, ProCta, Testimonials, Tools, WhyTry } from '../components/landing/sections';

/** Spec §2 Landing: the sections in order, each revealed on scroll at threshold 0.12. */
export default function LandingPage() {
  usePageMeta();
  return (
    <div className="relative">
      <LandingTopBar />
      <Hero />
      <Metrics />
      <Press />
      <WhyTry />
      <Tools />
      <HowItWorks />
      <Gallery />
      <Testimonials />
      <ProCta />
      <Faq />
      <FinalCta />
    </div>
  );
}
