import { type ReactNode, createContext, use, useCallback, useMemo, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { track } from "~/platform/analytics";
import { type Region, isRegion } from "./locales";
import { DEFAULT_PACK, getLoadedPack, loadRegionPack } from "./region-pack";
import type { RegionPack } from "./region-pack-schema";

export const REGION_FETCHER_KEY = "region";
/**
 * SPEC §4 "Region": the pack the browser loads is the English one; a page that shows its texts gets
 * them in the reader's language from the server (docs/decisions/047).
 */
export const PACK_LANGUAGE = "en";

interface RegionState {
  region: Region;
  pack: RegionPack;
  loading: boolean;
  /** The region's pack could not be loaded, so the default (Singapore) pack is shown. */
  fellBack: boolean;
}

interface RegionValue extends RegionState {
  changeRegion: (next: string) => void;
}

const RegionContext = createContext<RegionValue | null>(null);

export function useRegion(): RegionValue {
  const value = use(RegionContext);
  if (!value) throw new Error("useRegion must be used within a RegionProvider");
  return value;
}

function stateFor(region: Region): RegionState {
  const pack = getLoadedPack(region);
  return { region, pack: pack ?? DEFAULT_PACK, loading: false, fellBack: !pack };
}

export function RegionProvider({
  region: saved,
  children,
}: {
  region: Region;
  children: ReactNode;
}) {
  const fetcher = useFetcher({ key: REGION_FETCHER_KEY });
  const [state, setState] = useState(() => stateFor(saved));
  const [lastSaved, setLastSaved] = useState(saved);
  if (saved !== lastSaved) {
    // The server's answer changed (another tab, a reload of data): follow it.
    setLastSaved(saved);
    setState(stateFor(saved));
  }
  const latest = useRef(0);

  const changeRegion = useCallback(
    (next: string) => {
      if (!isRegion(next) || next === state.region) return;
      const request = ++latest.current;
      track("region_switch", { from: state.region, to: next, language: PACK_LANGUAGE });
      setState((current) => ({ ...current, region: next, loading: true }));
      void fetcher.submit({ region: next }, { method: "post", action: href("/region") });
      loadRegionPack(next).then(
        (pack) => {
          track("pack_loaded", { region: next, language: PACK_LANGUAGE, success: true });
          if (request === latest.current)
            setState({ region: next, pack, loading: false, fellBack: false });
        },
        () => {
          track("pack_loaded", { region: next, language: PACK_LANGUAGE, success: false });
          if (request === latest.current)
            setState({ region: next, pack: DEFAULT_PACK, loading: false, fellBack: true });
        },
      );
    },
    [state.region, fetcher],
  );

  const value = useMemo(() => ({ ...state, changeRegion }), [state, changeRegion]);
  return <RegionContext value={value}>{children}</RegionContext>;
}
