#include "kernel/sim_charge.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sim.h"

#ifdef RMALA_SIMULATE
#include <simgrid/host.h>
#include <smpi/smpi.h>

#ifndef RMALA_SIM_DEFAULT_MODEL
#define RMALA_SIM_DEFAULT_MODEL "sim/models/default.txt"
#endif

// Per simulated rank under SMPI's privatization (each rank reads the file
// once); identical contents either way.
static struct {
  int state; // 0 not loaded, 1 model in use, 2 no model (real BLAS timed), -1 unreadable
  int compute;
  double scale; // RMALA_SIM_KERNEL_SCALE: kernel times x this (emulates slower cores)
  char path[512];
  rma_kmodel_t model;
} sim;

static void sim_load(void) {
  if (sim.state != 0)
    return;
  const char *p = getenv("RMALA_SIM_MODEL");
  snprintf(sim.path, sizeof sim.path, "%s", p && *p ? p : RMALA_SIM_DEFAULT_MODEL);
  sim.compute = rma_sim_compute();
  const char *f = getenv("RMALA_SIM_KERNEL_SCALE");
  sim.scale = f && atof(f) > 0.0 ? atof(f) : 1.0;
  if (strcmp(sim.path, "none") == 0)
    sim.state = 2, sim.compute = 1;
  else
    sim.state = rma_kmodel_read(sim.path, &sim.model) == 0 ? 1 : -1;
}

int rma_kernel_sim_begin(rma_dtype_t dt, rma_kmodel_kind_t kind, int m, int n, int k) {
  sim_load();
  if (sim.state != 1)
    return 0; // no model: SMPI times the real call (an unreadable one is reported by describe)
  smpi_bench_end();
  double t = sim.scale * rma_kmodel_dtype_factor(dt) * rma_kmodel_time(&sim.model, kind, m, n, k);
  if (t > 0.0)
    smpi_execute_flops(t * sg_host_get_speed(sg_host_self()));
  return !sim.compute;
}

int rma_kernel_sim_end(void) {
  if (sim.state == 1)
    smpi_bench_begin();
  return 0;
}

int rma_kernel_sim_describe(char *text, int len) {
  sim_load();
  if (sim.state == 1)
    snprintf(text, (size_t)len, "MODEL kernel times from %s (%s)%s%s", sim.path,
             sim.model.machine, sim.scale != 1.0 ? ", scaled by RMALA_SIM_KERNEL_SCALE" : "",
             sim.compute ? "" : ", arithmetic skipped");
  else if (sim.state == 2)
    snprintf(text, (size_t)len, "real BLAS, timed by SMPI on this machine (RMALA_SIM_MODEL=none)");
  else
    snprintf(text, (size_t)len, "kernel time model %s unreadable or incomplete", sim.path);
  return sim.state == -1 ? -1 : 0;
}
#else
int rma_kernel_sim_describe(char *text, int len) {
  snprintf(text, (size_t)len, "real kernels (not simulated)");
  return 0;
}
#endif
