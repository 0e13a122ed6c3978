import { Fragment } from "react";

/**
 * A call's path that wraps only between its parts (after "/", "?", "&" and "="), never inside a word; only a part
 * longer than a whole line (a long hash) breaks inside itself.
 */
export function PathText({ path }: { path: string }) {
  const parts = path.split(/(?<=[/?&=])/);
  return (
    <span className="[overflow-wrap:break-word]">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
