import "server-only";
import { RedisConnection, type RedisConnectionOptions } from "./redis-connection";
import type {
  CappedLogStore,
  ChannelStore,
  CounterStore,
  ExpiringSetStore,
  KeyValueStore,
  SharedStores,
  SlotStore,
  WindowCount,
} from "./types";

/**
 * The stores on Redis, shared by every dashboard instance that uses the same REDIS_URL and key prefix. Each call is
 * one command or one short Lua script (atomic on the server); every failure surfaces as a StoreUnavailableError.
 */

const wholeMs = (ms: number) => Math.max(1, Math.ceil(ms));

const DELETE_IF_EQUALS = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const EXTEND_IF_EQUALS = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

const INCREMENT_IN_WINDOW = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

// The server's clock, so every instance agrees on the slots whatever its own clock says.
const RESERVE_SLOT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local start = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local after = start + tonumber(ARGV[1])
redis.call('SET', KEYS[1], string.format('%.3f', after), 'PX', math.ceil(after - now) + 60000)
return tostring(start - now)`;

class RedisKeyValueStore implements KeyValueStore {
  constructor(private readonly connection: RedisConnection) {}

  get(key: string) {
    return this.connection.run((redis) => redis.get(this.connection.key(key)));
  }

  async set(key: string, value: string, ttlMs: number) {
    if (ttlMs <= 0) return;
    await this.connection.run((redis) => redis.set(this.connection.key(key), value, "PX", wholeMs(ttlMs)));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    const reply = await this.connection.run((redis) =>
      redis.set(this.connection.key(key), value, "PX", wholeMs(ttlMs), "NX"),
    );
    return reply === "OK";
  }

  async delete(key: string) {
    await this.connection.run((redis) => redis.del(this.connection.key(key)));
  }

  async deleteIfEquals(key: string, value: string) {
    const deleted = await this.connection.run((redis) =>
      redis.eval(DELETE_IF_EQUALS, 1, this.connection.key(key), value),
    );
    return deleted === 1;
  }

  async extendIfEquals(key: string, value: string, ttlMs: number) {
    const extended = await this.connection.run((redis) =>
      redis.eval(EXTEND_IF_EQUALS, 1, this.connection.key(key), value, String(wholeMs(ttlMs))),
    );
    return extended === 1;
  }
}

class RedisCounterStore implements CounterStore {
  constructor(private readonly connection: RedisConnection) {}

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const reply = await this.connection.run((redis) =>
      redis.eval(INCREMENT_IN_WINDOW, 1, this.connection.key(key), String(wholeMs(windowMs))),
    );
    const [count, resetInMs] = reply as [number, number];
    return { count, resetInMs };
  }
}

class RedisExpiringSetStore implements ExpiringSetStore {
  constructor(
    private readonly connection: RedisConnection,
    private readonly now: () => number,
  ) {}

  async add(key: string, member: string, untilMs: number) {
    const name = this.connection.key(key);
    await this.connection.run((redis) =>
      redis.multi().zadd(name, untilMs, member).zremrangebyscore(name, "-inf", this.now()).exec(),
    );
  }

  async has(key: string, member: string) {
    const score = await this.connection.run((redis) => redis.zscore(this.connection.key(key), member));
    return score !== null && Number(score) > this.now();
  }

  async members(key: string) {
    const reply = await this.connection.run((redis) =>
      redis.zrangebyscore(this.connection.key(key), `(${this.now()}`, "+inf", "WITHSCORES"),
    );
    const members = new Map<string, number>();
    for (let i = 0; i + 1 < reply.length; i += 2) members.set(reply[i] as string, Number(reply[i + 1]));
    return members;
  }
}

class RedisCappedLogStore implements CappedLogStore {
  constructor(private readonly connection: RedisConnection) {}

  async append(key: string, value: string, cap: number) {
    await this.connection.run((redis) => redis.xadd(this.connection.key(key), "MAXLEN", cap, "*", "v", value));
  }

  async list(key: string) {
    const entries = await this.connection.run((redis) => redis.xrange(this.connection.key(key), "-", "+"));
    return entries.flatMap(([, fields]) => (fields[0] === "v" && fields[1] !== undefined ? [fields[1]] : []));
  }

  async clear(key: string) {
    await this.connection.run((redis) => redis.del(this.connection.key(key)));
  }
}

class RedisChannelStore implements ChannelStore {
  constructor(private readonly connection: RedisConnection) {}

  async publish(channel: string, message: string) {
    await this.connection.run((redis) => redis.publish(this.connection.key(channel), message));
  }

  subscribe(channel: string, listener: (message: string) => void) {
    return this.connection.subscribe(channel, listener);
  }
}

class RedisSlotStore implements SlotStore {
  constructor(private readonly connection: RedisConnection) {}

  async reserve(key: string, spacingMs: number) {
    const wait = await this.connection.run((redis) =>
      redis.eval(RESERVE_SLOT, 1, this.connection.key(key), String(spacingMs)),
    );
    return Math.max(0, Number(wait));
  }
}

/** The stores on one Redis connection (plus a subscriber connection once something subscribes). */
export function createRedisStores(options: RedisConnectionOptions, now: () => number = Date.now): SharedStores {
  const connection = new RedisConnection(options);
  return {
    kind: "redis",
    keyValue: new RedisKeyValueStore(connection),
    counters: new RedisCounterStore(connection),
    sets: new RedisExpiringSetStore(connection, now),
    logs: new RedisCappedLogStore(connection),
    channels: new RedisChannelStore(connection),
    slots: new RedisSlotStore(connection),
    close: () => connection.close(),
  };
}
