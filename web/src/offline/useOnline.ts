// Whether the browser has a network, as TanStack Query sees it (it pauses queries offline and resumes them).
import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

export const useOnline = () => useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), () => onlineManager.isOnline());
