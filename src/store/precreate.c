/* rma_store_precreate: the store's segments, scratch buffer and mailbox made
 * ahead of the first operation (RMALA_STORE_MB). */
#include <limits.h>
#include <stddef.h>

#include "core/context.h"
#include "core/error.h"
#include "core/pages.h"
#include "rma/mailbox.h"
#include "store/store.h"

int rma_store_precreate(int mb) {
  long cap = (long)mb * (1L << 20);
  if (cap <= 0)
    return 0;
  rma_win_t *w;
  rma_mailbox_t *box;
  void *scratch;
  // Each made and written once (rma_pages_touch): a first call then pays
  // neither the creation nor the first writes of fresh memory.
  RMA_CALL(rma_store_segment(RMA_STORE_A, cap, &w));
  rma_pages_touch(w->base, (size_t)cap);
  RMA_CALL(rma_store_segment(RMA_STORE_B, cap, &w));
  rma_pages_touch(w->base, (size_t)cap);
  RMA_CALL(rma_status_agree(rma_context()->comm, rma_store_scratch(cap, &scratch)));
  rma_pages_touch(scratch, (size_t)cap);
  RMA_CALL(rma_mailbox_open(64, cap / (long)sizeof(double), &box));
  rma_pages_touch(box->data, (size_t)cap);
  // Then the neighbours' pages, now placed by their owners (the mailbox
  // would make them resident in its first waits).
  RMA_CALL(rma_win_publish(&box->seg));
  rma_win_fill(&box->seg, LONG_MAX);
  return rma_mailbox_close(box);
}
