import { Fragment } from "react";

/**
 * A call's path that wraps between its parts (after "/", "?", "&" and "="); only a part longer than its column can
 * be (a long hash, an address) breaks inside itself. "anywhere" rather than "break-word" so that such a part does not
 * hold a table's column wider than the screen: a table sizes its columns by the longest unbreakable run.
 */
export function PathText({ path }: { path: string }) {
  const parts = path.split(/(?<=[/?&=])/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
