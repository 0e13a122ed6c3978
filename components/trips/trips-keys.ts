/** react-query keys of the trips pages, shared by the server prefetch and the browser. */
export const tripsKeys = {
  all: (tokenId: number) => ["trips", tokenId] as const,
  page: (tokenId: number, page: number) => ["trips", tokenId, "page", page] as const,
};

/** Trips a page, as the trips service serves them. */
export const TRIPS_PAGE_SIZE = 100;
