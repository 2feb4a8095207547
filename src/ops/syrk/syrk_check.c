#include "ops/syrk/syrk_check.h"

#include "core/trans.h"

int rma_syrk_trans_valid(int herk, rma_dtype_t dt, char trans) {
  if (trans == 'N' || trans == 'n')
    return 1;
  if (!rma_dtype_complex(dt))
    return rma_trans_is(trans);
  return herk ? trans == 'C' || trans == 'c' : trans == 'T' || trans == 't';
}
