import { SOCIAL_LINKS } from "~/domain/salon-info";

/** "Follow us" and a button for each of the salons' social accounts. */
export function FollowUs({ id, className }: { id: string; className: string }) {
  return (
    <section aria-labelledby={id} className={`text-center ${className}`}>
      <h2 id={id} className="text-2xl">
        Follow us
      </h2>
      <ul className="mt-6 flex flex-wrap justify-center gap-3">
        {SOCIAL_LINKS.map((social) => (
          <li key={social.name}>
            <a href={social.href} className="btn-outline" rel="noopener">
              {social.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
