/** Types of body-limit.mjs, plain JavaScript so that next.config.mjs can load it. */
export declare const REQUEST_BODY_LIMIT: number;
