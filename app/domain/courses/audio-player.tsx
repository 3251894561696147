import { Pause, Play, Volume2, VolumeX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/platform/i18n";
import { formatClock } from "./grading";

// SPEC §2 "Media components": play or pause, mute, a seek bar, times as m:ss. The position of a
// signed-in learner is saved at most every 5 s (SPEC §7) and restored on the next visit; failures
// and a blocked autoplay are logged, not shown (SPEC §8).

export const SAVE_EVERY_MS = 5000;

export interface AudioPlayerProps {
  audioId: string;
  src: string | undefined;
  /** From the build's manifest, so the times show before the file's metadata arrives. */
  seconds: number;
  resumeAt: number;
  /** Saving positions: signed-in learners only. */
  save: boolean;
  label: string;
  /** The language the narration is spoken in. */
  lang: string | undefined;
}

export default function AudioPlayer({
  audioId,
  src,
  seconds,
  resumeAt,
  save,
  label,
  lang,
}: AudioPlayerProps) {
  const { t } = useTranslation("esgCourse");
  const audio = useRef<HTMLAudioElement>(null);
  const fetcher = useFetcher({ key: `audio-${audioId}` });
  const lastSaved = useRef(0);
  // One save in flight at a time: a newer position waits for it instead of aborting it.
  const busy = useRef(false);
  const waiting = useRef<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [current, setCurrent] = useState(resumeAt);
  const [duration, setDuration] = useState(seconds);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const element = audio.current;
    if (!element || !src) return;
    // The server-rendered element may have loaded, or failed, before the page came alive. Only a
    // recorded error is a failure: a new element's network state reads "no source" for a moment
    // while it starts choosing its source (as after a tab switch).
    if (element.error) {
      console.warn(`Audio could not be played: ${src}`);
      setMissing(true);
      return;
    }
    if (
      element.readyState >= HTMLMediaElement.HAVE_METADATA &&
      resumeAt > 0 &&
      element.currentTime === 0
    ) {
      element.currentTime = resumeAt;
    }
    const noMetadata = window.setTimeout(() => {
      if (element.readyState < 1) console.warn(`Audio metadata not loaded after 3 s: ${src}`);
    }, 3000);
    return () => window.clearTimeout(noMetadata);
    // Once per source: the resume position is where the page started.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);

  const submitPosition = (position: number) => {
    busy.current = true;
    fetcher
      .submit(
        { intent: "position", audio: audioId, seconds: position.toFixed(1) },
        { method: "post" },
      )
      .catch((error: unknown) => console.warn("The narration's position was not saved.", error));
  };

  useEffect(() => {
    if (fetcher.state !== "idle") return;
    busy.current = false;
    if (waiting.current === null) return;
    const position = waiting.current;
    waiting.current = null;
    submitPosition(position);
    // Only when the previous save has finished.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state]);

  if (!src || missing) {
    return (
      <p role="status" className="rounded-lg bg-slate-100 p-3 text-sm dark:bg-slate-800">
        {t("audio.unavailable")}
      </p>
    );
  }

  const savePosition = (position: number, force = false) => {
    if (!save) return;
    const now = Date.now();
    if (!force && now - lastSaved.current < SAVE_EVERY_MS) return;
    lastSaved.current = now;
    if (busy.current) waiting.current = position;
    else submitPosition(position);
  };

  const toggle = async () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      try {
        await element.play();
      } catch (error) {
        console.warn("Playback was blocked or failed.", error);
      }
    } else {
      element.pause();
    }
  };

  const seek = (value: number) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = value;
    setCurrent(value);
    savePosition(value, true);
  };

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      {/* Narration only, no picture: its text alternative is the transcript shown beside the
          player (WCAG 2.2 1.2.1), not captions. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={audio}
        src={src}
        lang={lang}
        preload="metadata"
        onLoadedMetadata={(event) => {
          const element = event.currentTarget;
          if (Number.isFinite(element.duration)) setDuration(element.duration);
          if (resumeAt > 0 && element.currentTime === 0) element.currentTime = resumeAt;
        }}
        onTimeUpdate={(event) => {
          setCurrent(event.currentTarget.currentTime);
          savePosition(event.currentTarget.currentTime);
        }}
        onPlay={() => setPlaying(true)}
        onPause={(event) => {
          setPlaying(false);
          savePosition(event.currentTarget.currentTime, true);
        }}
        onEnded={() => setPlaying(false)}
        onError={() => {
          // A file that cannot be fetched or decoded is a missing source (SPEC §5).
          console.warn(`Audio could not be played: ${src}`);
          setMissing(true);
        }}
      />
      <button
        type="button"
        onClick={() => void toggle()}
        className="focus-ring rounded-full bg-brand-700 p-2 text-white"
        aria-label={`${playing ? t("audio.pause") : t("audio.play")}: ${label}`}
      >
        {playing ? (
          <Pause aria-hidden="true" className="size-5" />
        ) : (
          <Play aria-hidden="true" className="size-5" />
        )}
      </button>
      <button
        type="button"
        onClick={() => {
          if (audio.current) audio.current.muted = !muted;
          setMuted(!muted);
        }}
        className="focus-ring rounded p-2"
        aria-label={muted ? t("audio.unmute") : t("audio.mute")}
        aria-pressed={muted}
      >
        {muted ? (
          <VolumeX aria-hidden="true" className="size-5" />
        ) : (
          <Volume2 aria-hidden="true" className="size-5" />
        )}
      </button>
      <input
        type="range"
        min={0}
        max={Math.max(1, Math.round(duration))}
        step={1}
        value={Math.round(current)}
        onChange={(event) => seek(Number(event.currentTarget.value))}
        aria-label={`${t("audio.seek")}: ${label}`}
        aria-valuetext={t("audio.position", {
          current: formatClock(current),
          total: formatClock(duration),
        })}
        className="focus-ring min-w-40 flex-1 accent-brand-700"
      />
      <span className="text-sm tabular-nums" data-testid="audio-time">
        {formatClock(current)} / {formatClock(duration)}
      </span>
    </div>
  );
}
