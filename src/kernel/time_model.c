#include "kernel/time_model.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static const char *const names[RMA_KMODEL_COUNT] = {"gemm",  "trsm",   "getrf", "getrf_nopiv",
                                                    "scale", "vector", "ger"};

const char *rma_kmodel_name(rma_kmodel_kind_t kind) {
  return kind >= 0 && kind < RMA_KMODEL_COUNT ? names[kind] : NULL;
}

int rma_kmodel_terms(rma_kmodel_kind_t kind, int m, int n, int k, double x[RMA_KMODEL_TERMS]) {
  double dm = m, dn = n, dk = k;
  x[0] = 1.0;
  switch (kind) {
  case RMA_KMODEL_GEMM:
    x[1] = dm * dn * dk, x[2] = dm * dn, x[3] = dm * dk + dk * dn;
    return 0;
  case RMA_KMODEL_TRSM:
    x[1] = dm * dm * dn, x[2] = dm * dn, x[3] = dm * dm;
    return 0;
  case RMA_KMODEL_GETRF:
  case RMA_KMODEL_GETRF_NOPIV: {
    double r = dm < dn ? dm : dn; // steps; the trailing columns beyond them are solved, not factored
    x[1] = dm * dn * r - (dm + dn) * r * r / 2 + r * r * r / 3, x[2] = dm * dn, x[3] = r;
    return 0;
  }
  case RMA_KMODEL_SCALE:
    x[1] = dm * dn, x[2] = 0.0, x[3] = 0.0;
    return 0;
  case RMA_KMODEL_VECTOR:
    // The strided entries beyond RMA_KMODEL_TLB_REACH miss: a second slope.
    x[1] = dm * dn, x[2] = dm * dk, x[3] = dm * dk > RMA_KMODEL_TLB_REACH ? dm * dk : 0.0;
    return 0;
  case RMA_KMODEL_GER:
    x[1] = dm * dn, x[2] = dm, x[3] = dn;
    return 0;
  default:
    return -1;
  }
}

double rma_kmodel_time(const rma_kmodel_t *model, rma_kmodel_kind_t kind, int m, int n, int k) {
  double x[RMA_KMODEL_TERMS];
  if (m <= 0 || n <= 0 || (kind == RMA_KMODEL_GEMM && k <= 0) ||
      rma_kmodel_terms(kind, m, n, k, x) != 0 || !model->have[kind])
    return 0.0;
  double t = 0.0;
  for (int i = 0; i < RMA_KMODEL_TERMS; i++)
    t += model->c[kind][i] * x[i];
  return t > 0.0 ? t : 0.0;
}

double rma_kmodel_thread_factor(const rma_kmodel_t *one, const rma_kmodel_t *two,
                                rma_kmodel_kind_t kind, int m, int n, int k, double threads) {
  double t1 = rma_kmodel_time(one, kind, m, n, k), t2 = rma_kmodel_time(two, kind, m, n, k);
  if (threads <= 1.0 || t1 <= 0.0)
    return 1.0;
  // r: the time ratio of one doubling, measured at this shape (clamped), applied log2 C times.
  double r = t2 / t1;
  r = r < 0.5 ? 0.5 : r > 1.0 ? 1.0 : r;
  return pow(r, log2(threads));
}

double rma_kmodel_dtype_factor(rma_dtype_t t) {
  // MODEL assumption (time_model.h): flops x double's time per flop.
  return rma_dtype_complex(t) ? 4.0 : 1.0;
}

int rma_kmodel_read(const char *path, rma_kmodel_t *model) {
  memset(model, 0, sizeof *model);
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  char line[512];
  int bad = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n')
      continue;
    if (strncmp(line, "machine ", 8) == 0) {
      size_t len = strcspn(line + 8, "\n");
      len = len < sizeof model->machine ? len : sizeof model->machine - 1;
      memcpy(model->machine, line + 8, len);
      model->machine[len] = '\0';
      continue;
    }
    char name[32];
    double c[RMA_KMODEL_TERMS];
    if (sscanf(line, "%31s %lg %lg %lg %lg", name, &c[0], &c[1], &c[2], &c[3]) != 5) {
      bad = 1;
      continue;
    }
    for (int kd = 0; kd < RMA_KMODEL_COUNT; kd++)
      if (strcmp(name, names[kd]) == 0) {
        memcpy(model->c[kd], c, sizeof c);
        model->have[kd] = 1;
      }
  }
  fclose(f);
  for (int kd = 0; kd < RMA_KMODEL_REQUIRED; kd++)
    bad |= !model->have[kd];
  return bad ? -2 : 0;
}

int rma_kmodel_write(const char *path, const rma_kmodel_t *model, const char *header) {
  FILE *f = fopen(path, "w");
  if (!f)
    return -1;
  fprintf(f, "%s", header ? header : "");
  fprintf(f, "machine %s\n", model->machine);
  fprintf(f, "# kernel  c0 [s]  c1  c2  c3   (t = c0 + c1 x1 + c2 x2 + c3 x3; terms in "
             "src/kernel/time_model.h)\n");
  for (int kd = 0; kd < RMA_KMODEL_COUNT; kd++)
    if (model->have[kd])
      fprintf(f, "%s %.6e %.6e %.6e %.6e\n", names[kd], model->c[kd][0], model->c[kd][1],
              model->c[kd][2], model->c[kd][3]);
  return fclose(f) == 0 ? 0 : -1;
}
