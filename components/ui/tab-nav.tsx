import { NavLink } from "./nav-link";

export interface Tab {
  href: string;
  label: string;
  /** Active only on this exact path (for an index tab whose path prefixes the others). */
  exact?: boolean;
  /** Paths below `href` that are another tab's. */
  except?: readonly string[];
}

/**
 * A row of tabs that are links; the tab of the current page is marked. `aside` sits at the row's end (a control that
 * belongs to every tab, such as "API calls"). On a narrow screen the tabs scroll sideways inside the row rather than
 * widening the page, and `aside` takes a line of its own above them when the row has no room for it.
 */
export function TabNav({ label, tabs, aside }: { label: string; tabs: readonly Tab[]; aside?: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap-reverse items-end gap-x-2 border-b border-border">
      <nav aria-label={label} className="-mb-px flex max-w-full flex-none gap-1 overflow-x-auto">
        {tabs.map(({ href, label: text, exact, except }) => (
          <NavLink
            key={href}
            href={href}
            exact={exact}
            except={except}
            className="shrink-0 border-b-2 px-3 py-2 text-sm whitespace-nowrap sm:px-4"
            activeClassName="border-primary font-medium text-foreground"
            inactiveClassName="border-transparent text-muted-foreground hover:text-foreground"
          >
            {text}
          </NavLink>
        ))}
      </nav>
      {aside ? <div className="ml-auto shrink-0 pb-1">{aside}</div> : null}
    </div>
  );
}
