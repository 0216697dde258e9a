import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useNavigate } from "react-router";
import { catalogueFileType } from "#contract/catalogue-names.ts";
import { fileNameTooLong } from "#contract/rules/file-name.ts";
import { formatBytes, uploadProblemMessage } from "#app/lib/catalogue/catalogue-steps.ts";
import { ErrorSummary, type SummaryItem, type UpstreamFailureView } from "./form-errors.tsx";

type Progress = { sent: number; total: number; startedAt: number };

type UploadFormProps = {
  /** The catalogue page the form belongs to: a plain post goes there, the enhanced upload to its `/file` endpoint. */
  page?: string;
  limitBytes: number;
  disabled: boolean;
  /** A failed plain form post's message (the page's action answered it). */
  serverError?: string | null;
};

const FILE_INPUT_ID = "catalogue-file";

/**
 * A plain multipart form that the page's action streams on. With
 * JavaScript the same form goes by XMLHttpRequest to the upload endpoint,
 * for a progress bar, the time left and a cancel button.
 */
export function UploadForm({ page = "/upload/catalog", limitBytes, disabled, serverError }: UploadFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<Progress | null>(null);
  // The server's message comes from a plain form post; with JavaScript the upload never goes that way.
  const [clientError, setError] = useState<string | null>(null);
  // What the catalogue service said when it refused the upload: its message, code and reference, for support.
  const [upstream, setUpstream] = useState<UpstreamFailureView | null>(null);
  const error = clientError ?? serverError ?? null;
  const request = useRef<XMLHttpRequest | null>(null);
  const locale = i18n.language;

  useEffect(() => () => request.current?.abort(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem("file") as HTMLInputElement).files?.[0];
    setUpstream(null);
    // The server checks all of this again; checking here spares a pointless upload.
    if (!file) return setError(uploadProblemMessage(t, { problem: "missingFile" }, limitBytes, locale));
    if (fileNameTooLong(file.name)) return setError(uploadProblemMessage(t, { problem: "nameTooLong" }, limitBytes, locale));
    if (!catalogueFileType(file.name)) return setError(uploadProblemMessage(t, { problem: "wrongType", fileName: file.name }, limitBytes, locale));
    if (file.size === 0) return setError(uploadProblemMessage(t, { problem: "empty", fileName: file.name }, limitBytes, locale));
    if (file.size > limitBytes) return setError(uploadProblemMessage(t, { problem: "tooLarge", fileName: file.name }, limitBytes, locale));

    setError(null);
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open("POST", `${page}/file`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    setProgress({ sent: 0, total: file.size, startedAt: performance.now() });
    xhr.upload.onprogress = (progressEvent) => {
      setProgress((current) => current && { ...current, sent: Math.min(progressEvent.loaded, current.total), total: current.total });
    };
    xhr.onload = () => {
      request.current = null;
      const answer = xhr.response as { ok?: boolean; location?: string; message?: string; upstream?: UpstreamFailureView | null } | null;
      if (answer?.ok && answer.location) {
        form.reset();
        setProgress(null);
        navigate(answer.location);
        return;
      }
      setProgress(null);
      setUpstream(answer?.upstream ?? null);
      // The upload's own answer says what went wrong; any other (the session's check failing before it) is the portal's route error.
      const own = answer?.ok === false && answer.message ? answer.message : null;
      if (own) setError(own);
      else if (xhr.status === 503) setError(t("catalogue.upload.errors.unreachable"));
      else if (xhr.status >= 500) setError(t("catalogue.upload.errors.upstream"));
      else setError(uploadProblemMessage(t, { problem: "aborted" }, limitBytes, locale));
    };
    xhr.onerror = () => {
      request.current = null;
      setProgress(null);
      setError(uploadProblemMessage(t, { problem: "aborted" }, limitBytes, locale));
      setUpstream(null);
    };
    xhr.onabort = () => {
      request.current = null;
      setProgress(null);
      setError(t("catalogue.upload.cancelled"));
      setUpstream(null);
    };
    const body = new FormData();
    body.set("file", file);
    xhr.send(body);
  };

  const items: SummaryItem[] = error ? [{ fieldId: FILE_INPUT_ID, message: error }] : [];
  const percent = progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const secondsLeft = progress ? timeLeft(progress) : null;

  return (
    <section aria-labelledby="upload-title" className="upload-form">
      <h3 id="upload-title">{t("catalogue.upload.title")}</h3>
      <ErrorSummary items={items} upstream={clientError ? upstream : null} />
      <form method="post" encType="multipart/form-data" action={page} onSubmit={submit}>
        <fieldset disabled={disabled || progress !== null}>
          <div className="field">
            <label htmlFor={FILE_INPUT_ID}>{t("catalogue.upload.file")}</label>
            <p id={`${FILE_INPUT_ID}-hint`} className="field__hint">
              {t("catalogue.upload.hint", { limit: formatBytes(t, limitBytes, locale) })}
            </p>
            <input
              id={FILE_INPUT_ID}
              type="file"
              name="file"
              accept=".csv,.txt,.xlsx,.xml,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/xml,text/xml"
              aria-describedby={`${FILE_INPUT_ID}-hint`}
              aria-invalid={error ? true : undefined}
              required
            />
          </div>
          <button type="submit" className="button button--primary">
            {progress ? t("catalogue.upload.uploading") : t("catalogue.upload.submit")}
          </button>
        </fieldset>
      </form>
      {progress ? (
        <div className="upload-progress">
          <label htmlFor="upload-progress-bar">{t("catalogue.upload.progress")}</label>
          <progress id="upload-progress-bar" max={100} value={percent} aria-valuetext={`${percent} %`} />
          <p aria-live="polite">
            {t("catalogue.upload.progressText", {
              sent: formatBytes(t, progress.sent, locale),
              total: formatBytes(t, progress.total, locale),
              percent,
            })}
            {secondsLeft !== null ? ` · ${t("catalogue.upload.timeLeft", { time: formatDuration(t, secondsLeft) })}` : null}
          </p>
          <button type="button" className="button button--secondary" onClick={() => request.current?.abort()}>
            {t("catalogue.upload.cancel")}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** Seconds left at the average rate so far; null until there is a rate to go by. */
function timeLeft({ sent, total, startedAt }: Progress): number | null {
  const elapsed = (performance.now() - startedAt) / 1000;
  if (sent === 0 || elapsed < 0.5) return null;
  return Math.max(0, Math.round(((total - sent) / sent) * elapsed));
}

function formatDuration(t: (key: string, options?: Record<string, unknown>) => string, seconds: number): string {
  return seconds < 90 ? t("catalogue.time.seconds", { count: seconds }) : t("catalogue.time.minutes", { count: Math.round(seconds / 60) });
}
