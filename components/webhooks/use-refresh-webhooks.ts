"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { webhookKeys } from "./webhooks-queries";

/**
 * After a change to a webhook or its subscriptions: the list and the vehicles' Overview panels are marked stale, so
 * they show the change; nothing else is read again (a history trial is not redone).
 */
export function useRefreshWebhooks(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
      queryClient.invalidateQueries({ queryKey: webhookKeys.everyVehicleWatchers() }),
    ]);
  }, [queryClient]);
}
