import { type QueryKey, QueryObserver, dehydrate, hydrate } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeQueryClient } from "./query-client";

const KEY: QueryKey = ["telemetry", 7, "latest"];

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A browser query over the hydrated key, as `useQuery` makes it: its own read through the route, counted. */
function browserQuery(browser: ReturnType<typeof makeQueryClient>, answer: string) {
  const routeRead = vi.fn(async () => answer);
  const observer = new QueryObserver(browser, { queryKey: KEY, queryFn: routeRead });
  const unsubscribe = observer.subscribe(() => {});
  return { observer, routeRead, unsubscribe };
}

async function settled(observer: QueryObserver<string>) {
  await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe("idle"));
  return observer.getCurrentResult();
}

describe("seeding react-query from the server", () => {
  afterEach(() => vi.restoreAllMocks());

  it("hands a read still running to the browser, which shows the server's answer without asking again", async () => {
    const server = makeQueryClient(true);
    const read = deferred<string>();
    void server.prefetchQuery({ queryKey: KEY, queryFn: () => read.promise });
    const state = dehydrate(server);
    expect(state.queries.map((query) => query.state.status)).toEqual(["pending"]);

    const browser = makeQueryClient(false);
    hydrate(browser, state);
    const { observer, routeRead, unsubscribe } = browserQuery(browser, "from the route");
    read.resolve("from the server");

    expect((await settled(observer)).data).toBe("from the server");
    expect(routeRead).not.toHaveBeenCalled();
    unsubscribe();
  });

  it("has the browser ask its route once more when the streamed read fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const server = makeQueryClient(true);
    const read = deferred<string>();
    void server.prefetchQuery({ queryKey: KEY, queryFn: () => read.promise });
    const state = dehydrate(server);

    const browser = makeQueryClient(false);
    hydrate(browser, state);
    const { observer, routeRead, unsubscribe } = browserQuery(browser, "from the route");
    read.reject(new Error("upstream down"));

    const result = await settled(observer);
    expect(result.data).toBe("from the route");
    expect(routeRead).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("shows the browser's error when its second ask fails too, after one request and no more", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const server = makeQueryClient(true);
    const read = deferred<string>();
    void server.prefetchQuery({ queryKey: KEY, queryFn: () => read.promise });
    const state = dehydrate(server);

    const browser = makeQueryClient(false);
    hydrate(browser, state);
    const routeRead = vi.fn(async (): Promise<string> => {
      throw new Error("route down");
    });
    const observer = new QueryObserver(browser, { queryKey: KEY, queryFn: routeRead });
    const unsubscribe = observer.subscribe(() => {});
    read.reject(new Error("upstream down"));

    const result = await settled(observer);
    expect(result.error?.message).toBe("route down");
    expect(routeRead).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("leaves a failed awaited read out, so the browser's query reads its route itself", async () => {
    const server = makeQueryClient(true);
    await server.prefetchQuery({
      queryKey: KEY,
      queryFn: async (): Promise<string> => {
        throw new Error("upstream down");
      },
    });
    const state = dehydrate(server);
    expect(state.queries).toEqual([]);

    const browser = makeQueryClient(false);
    hydrate(browser, state);
    const { observer, routeRead, unsubscribe } = browserQuery(browser, "from the route");

    expect((await settled(observer)).data).toBe("from the route");
    expect(routeRead).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
