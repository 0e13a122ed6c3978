import { NavLink } from "./nav-link";

export interface Tab {
  href: string;
  label: string;
  /** Active only on this exact path (for an index tab whose path prefixes the others). */
  exact?: boolean;
}

/** A row of tabs that are links; the tab of the current page is marked. */
export function TabNav({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  return (
    <nav aria-label={label} className="flex gap-1 border-b border-border">
      {tabs.map(({ href, label: text, exact }) => (
        <NavLink
          key={href}
          href={href}
          exact={exact}
          className="-mb-px border-b-2 px-4 py-2 text-sm"
          activeClassName="border-primary font-medium text-foreground"
          inactiveClassName="border-transparent text-muted-foreground hover:text-foreground"
        >
          {text}
        </NavLink>
      ))}
    </nav>
  );
}
