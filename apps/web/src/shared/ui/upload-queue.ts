/*
 * Photos picked together upload a few at a time (spec: up to 5 at once, UPLOAD_CONCURRENCY): the rest
 * wait their turn. Each file has its own progress, failure and retry. Framework-free, so its rules are
 * tested without a browser; PhotoUploader draws it.
 */

export type UploadStatus = 'queued' | 'uploading' | 'failed';

export interface UploadTask {
  key: string;
  file: File;
  status: UploadStatus;
  /** 0–1 while uploading. */
  progress: number;
  /** Why it failed (shown under the photo). */
  error?: string;
}

export type Upload = (file: File, onProgress: (fraction: number) => void) => Promise<string>;

export interface UploadQueueOptions {
  /** At most this many uploads in flight. */
  limit: number;
  upload: Upload;
  /** A file finished: its task leaves the queue, its url joins the uploaded photos. */
  onUploaded: (url: string, task: UploadTask) => void;
  /** The tasks changed (a copy, for React state). */
  onChange: (tasks: UploadTask[]) => void;
}

let counter = 0;

export class UploadQueue {
  #tasks: UploadTask[] = [];
  /** Requests in flight, counting those of files removed meanwhile (they still use the network). */
  #running = 0;
  readonly #options: UploadQueueOptions;

  constructor(options: UploadQueueOptions) {
    this.#options = options;
  }

  get tasks(): UploadTask[] {
    return this.#tasks.map((t) => ({ ...t }));
  }

  /** How many uploads are in flight. */
  get inFlight(): number {
    return this.#running;
  }

  add(files: readonly File[]): void {
    for (const file of files) {
      counter += 1;
      this.#tasks.push({ key: `upload-${counter}`, file, status: 'queued', progress: 0 });
    }
    this.#pump();
    this.#emit();
  }

  /** A failed file goes back in line. */
  retry(key: string): void {
    const task = this.#tasks.find((t) => t.key === key);
    if (task?.status !== 'failed') return;
    task.status = 'queued';
    task.progress = 0;
    task.error = undefined;
    this.#pump();
    this.#emit();
  }

  /** Drops a file (an upload in flight finishes unseen: its url is not kept). */
  remove(key: string): void {
    this.#tasks = this.#tasks.filter((t) => t.key !== key);
    this.#pump();
    this.#emit();
  }

  #emit(): void {
    this.#options.onChange(this.tasks);
  }

  #pump(): void {
    while (this.inFlight < this.#options.limit) {
      const next = this.#tasks.find((t) => t.status === 'queued');
      if (!next) return;
      next.status = 'uploading';
      this.#running += 1;
      void this.#run(next);
    }
  }

  async #run(task: UploadTask): Promise<void> {
    const live = () => this.#tasks.includes(task);
    const settle = () => {
      this.#running -= 1;
    };
    try {
      const url = await this.#options.upload(task.file, (fraction) => {
        if (!live()) return;
        task.progress = Math.max(0, Math.min(1, fraction));
        this.#emit();
      });
      settle();
      if (live()) {
        this.#tasks = this.#tasks.filter((t) => t !== task);
        this.#options.onUploaded(url, task);
      }
    } catch (e) {
      settle();
      if (live()) {
        task.status = 'failed';
        task.error = e instanceof Error ? e.message : String(e);
      }
    }
    this.#pump();
    this.#emit();
  }
}
