import { type Source, UPLOAD_MAX_MEGABYTES } from '@quire/contracts';
import { type DragEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/use-translation';
import { ProgressBar } from './ProgressBar';
import { share } from './source-labels';
import { checkUploadFile, uploadDocument } from './upload';

type Upload = {
  key: number;
  name: string;
  progress: number;
  /** Translated reason it failed; null while it is under way. */
  error: string | null;
  controller: AbortController;
};

/**
 * Adding PDFs (spec §5): a button and a drop zone, both taking several files. Each upload shows its progress
 * as a bar with the state in words ("Uploading 40%") and can be cancelled; a file that is too large or no PDF
 * is refused before anything is sent. A finished upload leaves the list, the library shows it from then on.
 */
export function UploadArea({ onUploaded }: { onUploaded: (source: Source) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const latest = useRef(onUploaded);
  latest.current = onUploaded;

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  const drop = (key: number) => setUploads((list) => list.filter((upload) => upload.key !== key));

  function start(files: readonly File[]) {
    for (const file of files) {
      const key = nextKey.current++;
      const controller = new AbortController();
      const refusal = checkUploadFile(file);
      const error = refusal ? t(`errors:${refusal}`) : null;
      setUploads((list) => [...list, { key, name: file.name, progress: 0, error, controller }]);
      if (refusal) continue;
      uploadDocument(file, { signal: controller.signal, onProgress: (progress) => patch(key, { progress }) })
        .then((source) => {
          drop(key);
          latest.current(source);
        })
        .catch((failure: unknown) => {
          if (controller.signal.aborted) return drop(key);
          if (!(failure instanceof ApiError)) console.error('Uploading a document failed', failure);
          patch(key, { error: failure instanceof ApiError ? failure.message : t('errors:generic_error') });
        });
    }
  }

  function onDrag(event: DragEvent<HTMLElement>) {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    start([...event.dataTransfer.files]);
  }

  return (
    <section
      className="upload-area"
      aria-labelledby={`${inputId}-title`}
      onDragEnter={onDrag}
      onDragOver={onDrag}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="sources-dropzone"
    >
      <h2 id={`${inputId}-title`} className="sources-panel__title">
        {t('sources.upload.title')}
      </h2>
      <div className={`upload-area__zone${dragging ? ' upload-area__zone--dragging' : ''}`}>
        <p id={hintId} className="upload-area__hint">
          {dragging ? t('sources.upload.dropHere') : t('sources.upload.hint', { megabytes: UPLOAD_MAX_MEGABYTES })}
        </p>
        <button
          type="button"
          className="button"
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
          data-testid="sources-upload-button"
        >
          {t('sources.upload.choose')}
        </button>
        <input
          ref={inputRef}
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="application/pdf,.pdf"
          multiple
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            start([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
          data-testid="sources-upload-input"
        />
      </div>
      {uploads.length > 0 && (
        <ul className="upload-list">
          {uploads.map((upload) => (
            <UploadItem
              key={upload.key}
              upload={upload}
              onCancel={() => upload.controller.abort()}
              onDismiss={() => drop(upload.key)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function UploadItem({ upload, onCancel, onDismiss }: { upload: Upload; onCancel: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  const failed = upload.error !== null;
  const words =
    upload.progress >= 100
      ? t('sources.upload.finishing')
      : t('sources.upload.uploading', { progress: share(upload.progress) });

  return (
    <li className={`upload-item${failed ? ' upload-item--failed' : ''}`} data-testid="upload-item">
      <span className="upload-item__name">{upload.name}</span>
      {failed ? (
        <p className="upload-item__error" role="alert" data-testid="upload-error">
          {upload.error}
        </p>
      ) : (
        <>
          <span className="upload-item__state" data-testid="upload-state">
            {words}
          </span>
          <ProgressBar
            value={upload.progress}
            label={t('sources.upload.progressLabel', { name: upload.name })}
            valueText={words}
            testId="upload-progress"
          />
        </>
      )}
      <button
        type="button"
        className="button button--small button--secondary upload-item__action"
        onClick={failed ? onDismiss : onCancel}
        aria-label={t(failed ? 'sources.upload.dismissLabel' : 'sources.upload.cancelLabel', { name: upload.name })}
      >
        {failed ? t('sources.upload.dismiss') : t('sources.upload.cancel')}
      </button>
    </li>
  );
}
