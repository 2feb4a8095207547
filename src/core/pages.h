/*
 * Page residency. Fresh memory faults page by page on first touch; on
 * virtual machines a fault can cost ~10 us (100 MB of a new segment: 0.3 s
 * here), which would land in the first call that uses a new segment.
 */
#ifndef RMA_CORE_PAGES_H
#define RMA_CORE_PAGES_H

#include <stddef.h>

/* Local. Make every page of [p, p + bytes) resident and writable in this
 * process's page tables in one system call (madvise MADV_POPULATE_WRITE,
 * Linux >= 5.14: 0.02 s per 100 MB of new pages here, ~2 ms per 64 MB
 * already resident), content unchanged, then read one byte of each page:
 * on this VM (nested paging) a populated page still costs each process
 * ~6.5 us at its first access (80 MB a neighbour wrote, read in place: 140
 * ms on the first pass, 3 ms on the next; after one load per page, 3 ms).
 * Where madvise is unavailable: fresh memory (fresh = 1, about to be
 * overwritten) is zeroed instead, other memory is only read. Also for
 * memory another process wrote first (GA's segments filled by a node
 * neighbour fault in their owner on its first touch). In the simulation
 * build (SimGrid SMPI): nothing. */
void rma_pages_populate(void *p, size_t bytes, int fresh);

/* Local. Write every byte of fresh memory [p, p + bytes) (zeros) so that
 * later writes run at full speed. On this VM populated but never written
 * pages still cost their first writer ~2 ms per MB (cache line by cache
 * line: touching one byte per page halves it, a full write removes it);
 * for pre-created memory (rma_init) that cost belongs in rma_init. */
void rma_pages_touch(void *p, size_t bytes);

#endif
