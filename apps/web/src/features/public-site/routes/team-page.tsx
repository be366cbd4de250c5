import team from 'virtual:brand-content/team';
import { usePageMeta } from '../../../components/ui/page-meta';
import { BrandPicture } from '../components/brand-picture';
import { LeaderBio } from '../components/leader-bio';
import { Monogram } from '../../../components/ui/monogram';
import { PageHero } from '../components/page-hero';

/**
 * /team: the leadership team with bios cut at 250 characters (public-site-and-admin.md 2.3),
 * from the brand content. A member without a photo gets a monogram; both are decorative here,
 * since the name is the heading beside them.
 */
export function TeamPage() {
  usePageMeta('Our Team', 'Meet the SunIn leadership team: commercial solar developers, engineers, financiers and installers.');
  return (
    <>
      <PageHero eyebrow="Our Team" title="The people behind SunIn">
        Engineers, financiers and builders who have spent their careers in commercial solar, and who stand behind every project our
        partners bring.
      </PageHero>
      <section aria-labelledby="leaders-title" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="leaders-title" className="text-2xl font-bold text-ink-900">
          Leadership
        </h2>
        <ul className="mt-8 grid items-start gap-6 md:grid-cols-2">
          {team.map((leader, index) => (
            <li key={leader.name} className="flex flex-col gap-5 rounded-2xl border border-ink-200 bg-white p-6 shadow-sm sm:flex-row">
              {leader.photo ? (
                <BrandPicture image={leader.photo} alt="" sizes="96px" priority={index < 2} className="size-24 shrink-0 rounded-full object-cover" />
              ) : (
                <Monogram name={leader.name} />
              )}
              <div>
                <h3 className="text-lg font-bold text-ink-900">{leader.name}</h3>
                <p className="text-sm font-semibold text-brand-700">{leader.role}</p>
                <div className="mt-3">
                  <LeaderBio bio={leader.bio} name={leader.name} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
