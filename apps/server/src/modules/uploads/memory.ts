/**
 * Upload bytes this process holds in memory at once, across every request. A request
 * takes its bytes as they arrive and gives them back once the file is stored; what would
 * go past the capacity is refused at once (503, tried again later) instead of growing
 * the heap until the process dies.
 */
export class UploadMemory {
  readonly capacity: number;
  #used = 0;
  constructor(capacityBytes: number) {
    this.capacity = capacityBytes;
  }
  get used(): number {
    return this.#used;
  }
  take(bytes: number): boolean {
    if (this.#used + bytes > this.capacity) return false;
    this.#used += bytes;
    return true;
  }
  give(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes);
  }
}
