import "server-only";
import { Redis } from "ioredis";
import { StoreUnavailableError } from "./types";

/**
 * One connection to Redis for commands and one, opened on first use, for subscriptions (a subscribed connection
 * can run nothing else). The client is ioredis: it reconnects by itself, re-subscribes after a reconnect, times out
 * each command (commandTimeout) and runs scripts by their SHA with a fallback to EVAL, which is all this needs.
 *
 * Never a hang: a command gets COMMAND_TIMEOUT_MS (500 ms); while the connection is down commands fail at once rather than
 * queue, so the callers' fallbacks answer without delay. Only the first connection after start-up is waited for
 * (up to FIRST_CONNECT_MS), so the first request after start does not fail because the socket is still opening.
 */

// Measured on this process's own event loop: a dashboard saturated by load reads replies late, and 300 ms then
// timed out answers Redis had sent in time (the benchmark's 100 users on 2 cores), so a little more than that.
const COMMAND_TIMEOUT_MS = 500;
const FIRST_CONNECT_MS = 3_000;
const MAX_RECONNECT_DELAY_MS = 1_000;

export interface RedisConnectionOptions {
  url: string;
  /** Put before every key and channel, so that several dashboards can share one Redis. */
  prefix: string;
  commandTimeoutMs?: number;
}

export class RedisConnection {
  readonly prefix: string;
  private readonly client: Redis;
  private subscriber: Redis | undefined;
  private readonly firstConnect: Promise<void>;
  private firstConnectSettled = false;
  private readonly channelListeners = new Map<string, Set<(message: string) => void>>();

  constructor(private readonly options: RedisConnectionOptions) {
    this.prefix = options.prefix;
    this.client = new Redis(options.url, this.clientOptions());
    // An unhandled "error" event would crash the process; the callers see failures through their commands.
    this.client.on("error", () => {});
    // Settled by the first "ready", or by the first failure to connect (then commands fail at once, not after a wait).
    this.firstConnect = new Promise((resolve) => {
      const settle = () => {
        this.firstConnectSettled = true;
        this.client.off("ready", settle).off("error", settle);
        resolve();
      };
      this.client.on("ready", settle).on("error", settle);
    });
  }

  private clientOptions() {
    return {
      commandTimeout: this.options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
      connectTimeout: FIRST_CONNECT_MS,
      // A command sent while the connection is down fails instead of waiting for a reconnect.
      maxRetriesPerRequest: 0,
      retryStrategy: (times: number) => Math.min(times * 100, MAX_RECONNECT_DELAY_MS),
    };
  }

  key(name: string): string {
    return this.prefix + name;
  }

  /** Runs Redis commands with the deployment's timeouts; every failure becomes a StoreUnavailableError. */
  async run<T>(work: (redis: Redis) => Promise<T>): Promise<T> {
    if (!this.firstConnectSettled) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.firstConnect,
        new Promise((resolve) => (timer = setTimeout(resolve, FIRST_CONNECT_MS))),
      ]);
      clearTimeout(timer);
    }
    if (this.client.status !== "ready") throw new StoreUnavailableError(new Error(`connection ${this.client.status}`));
    try {
      return await work(this.client);
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  /** Subscribes on the shared subscriber connection; ioredis subscribes again after each reconnect. */
  subscribe(channel: string, listener: (message: string) => void): () => void {
    const name = this.key(channel);
    const subscriber = this.openSubscriber();
    let listeners = this.channelListeners.get(name);
    if (!listeners) {
      listeners = new Set();
      this.channelListeners.set(name, listeners);
      subscriber.subscribe(name).catch(() => {});
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.channelListeners.get(name) === listeners) {
        this.channelListeners.delete(name);
        subscriber.unsubscribe(name).catch(() => {});
      }
    };
  }

  private openSubscriber(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = new Redis(this.options.url, { ...this.clientOptions(), commandTimeout: undefined });
    subscriber.on("error", () => {});
    subscriber.on("message", (channel: string, message: string) => {
      for (const listener of this.channelListeners.get(channel) ?? []) {
        try {
          listener(message);
        } catch {
          // One broken listener must not keep the message from the others.
        }
      }
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  async close(): Promise<void> {
    this.client.disconnect();
    this.subscriber?.disconnect();
  }
}
