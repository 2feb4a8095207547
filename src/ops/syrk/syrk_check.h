/*
 * The scalar argument check every front-end of syrk / herk shares (GA,
 * ScaLAPACK, native): which TRANS the update of a type takes. Each
 * front-end numbers the argument its own way.
 */
#ifndef RMA_OPS_SYRK_CHECK_H
#define RMA_OPS_SYRK_CHECK_H

#include "core/dtype.h"

/* Local. 1 when trans is legal for the update on type dt: 'N' always; for
 * s and d 'T' or 'C'; for c and z 'C' for herk (herk != 0), 'T' for the
 * complex symmetric syrk (either case). */
int rma_syrk_trans_valid(int herk, rma_dtype_t dt, char trans);

#endif
